import { handle, methods, reply } from "@/lib/http/handler";
import { createInvitationOp } from "@/lib/invitations/invitation.contract";
import { createInvitation } from "@/lib/invitations/create-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createInvitationOp, async ({ platform, body }) => reply(201, await createInvitation(platform, body))),
});
