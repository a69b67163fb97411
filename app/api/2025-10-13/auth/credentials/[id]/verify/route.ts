import { handle, methods } from "@/lib/server/edge/http/handler";
import { verifyCredentialOp } from "@/lib/server/credentials/credential.contract";
import { verifyCredential } from "@/lib/server/credentials/verify-credential";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(verifyCredentialOp, async (ctx) =>
    verifyCredential(signedCall(ctx, { platform: ctx.platform, credentialId: ctx.params.id, body: ctx.body })),
  ),
});
