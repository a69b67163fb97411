import { handle, methods } from "@/lib/server/edge/http/handler";
import { refreshSessionOp } from "@/lib/server/sessions/session.contract";
import { refreshSession } from "@/lib/server/sessions/refresh-session";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(refreshSessionOp, async (ctx) =>
    refreshSession(
      signedCall(ctx, { platform: ctx.platform, sessionId: ctx.params.id, clientPublicKey: ctx.body.clientPublicKey }),
    ),
  ),
});
