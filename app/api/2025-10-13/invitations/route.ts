import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createInvitationOp } from "@/lib/server/invitations/invitation.contract";
import { createInvitation } from "@/lib/server/invitations/create-invitation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createInvitationOp, async ({ platform, body }) => reply(201, await createInvitation(platform, body))),
});
