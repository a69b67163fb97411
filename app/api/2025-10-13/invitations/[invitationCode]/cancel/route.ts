import { handle, methods, reply } from "@/lib/http/handler";
import { cancelInvitationOp } from "@/lib/invitations/invitation.contract";
import { cancelInvitation } from "@/lib/invitations/cancel-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(cancelInvitationOp, async ({ platform, params }) =>
    reply(200, await cancelInvitation(platform, params.invitationCode)),
  ),
});
