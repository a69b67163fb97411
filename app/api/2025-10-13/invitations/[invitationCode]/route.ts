import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getInvitationOp } from "@/lib/server/invitations/invitation.contract";
import { getInvitation } from "@/lib/server/invitations/get-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getInvitationOp, async ({ params }) => reply(200, await getInvitation(params.invitationCode))),
});
