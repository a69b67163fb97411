import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { cancelInvitationOp } from "@/lib/server/invitations/invitation.contract";
import { cancelInvitation } from "@/lib/server/invitations/cancel-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(cancelInvitationOp, async ({ platform, params }) =>
    reply(200, await cancelInvitation(platform, params.invitationCode)),
  ),
});
