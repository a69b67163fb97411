import { handle, methods, reply } from "@/lib/http/handler";
import { addCredentialOp, listCredentialsOp } from "@/lib/credentials/credential.contract";
import { addCredential } from "@/lib/credentials/add-credential";
import { listCredentials } from "@/lib/credentials/list-credentials";
import { signedCall } from "@/lib/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(addCredentialOp, async (ctx) =>
    addCredential(signedCall(ctx, { platform: ctx.platform, body: ctx.body })),
  ),
  GET: handle(listCredentialsOp, async ({ platform, query }) =>
    reply(200, await listCredentials(platform, query.accountId)),
  ),
});
