import { handle, methods } from "@/lib/http/handler";
import { deleteCredentialOp } from "@/lib/credentials/credential.contract";
import { deleteCredential } from "@/lib/credentials/delete-credential";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(deleteCredentialOp, async (ctx) =>
    deleteCredential(signedCall(ctx, { platform: ctx.platform, credentialId: ctx.params.id })),
  ),
});
