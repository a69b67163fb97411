import { handle, methods } from "@/lib/server/edge/http/handler";
import { revokeSessionOp } from "@/lib/server/sessions/session.contract";
import { revokeSession } from "@/lib/server/sessions/revoke-session";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(revokeSessionOp, async (ctx) =>
    revokeSession(signedCall(ctx, { platform: ctx.platform, sessionId: ctx.params.id })),
  ),
});
