import { handle, methods } from "@/lib/http/handler";
import { verifyCredentialOp } from "@/lib/credentials/credential.contract";
import { verifyCredential } from "@/lib/credentials/verify-credential";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(verifyCredentialOp, async (ctx) =>
    verifyCredential(signedCall(ctx, { platform: ctx.platform, credentialId: ctx.params.id, body: ctx.body })),
  ),
});
