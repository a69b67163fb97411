import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { claimInvitationOp } from "@/lib/server/invitations/invitation.contract";
import { claimInvitation } from "@/lib/server/invitations/claim-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(claimInvitationOp, async ({ platform, params, body }) =>
    reply(200, await claimInvitation(platform, params.invitationCode, body.inviteeUma)),
  ),
});
