import { handle, methods, reply } from "@/lib/http/handler";
import { getInvitationOp } from "@/lib/invitations/invitation.contract";
import { getInvitation } from "@/lib/invitations/get-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getInvitationOp, async ({ params }) => reply(200, await getInvitation(params.invitationCode))),
});
