import { handle, methods } from "@/lib/http/handler";
import { refreshSessionOp } from "@/lib/sessions/session.contract";
import { refreshSession } from "@/lib/sessions/refresh-session";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(refreshSessionOp, async (ctx) =>
    refreshSession(
      signedCall(ctx, { platform: ctx.platform, sessionId: ctx.params.id, clientPublicKey: ctx.body.clientPublicKey }),
    ),
  ),
});
