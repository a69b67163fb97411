import { handle, methods } from "@/lib/http/handler";
import { revokeSessionOp } from "@/lib/sessions/session.contract";
import { revokeSession } from "@/lib/sessions/revoke-session";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(revokeSessionOp, async (ctx) =>
    revokeSession(signedCall(ctx, { platform: ctx.platform, sessionId: ctx.params.id })),
  ),
});
