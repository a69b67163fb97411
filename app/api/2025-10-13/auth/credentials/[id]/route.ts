import { handle, methods } from "@/lib/server/edge/http/handler";
import { deleteCredentialOp } from "@/lib/server/credentials/credential.contract";
import { deleteCredential } from "@/lib/server/credentials/delete-credential";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  DELETE: handle(deleteCredentialOp, async (ctx) =>
    deleteCredential(signedCall(ctx, { platform: ctx.platform, credentialId: ctx.params.id })),
  ),
});
