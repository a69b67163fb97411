import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { addCredentialOp, listCredentialsOp } from "@/lib/server/credentials/credential.contract";
import { addCredential } from "@/lib/server/credentials/add-credential";
import { listCredentials } from "@/lib/server/credentials/list-credentials";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(addCredentialOp, async (ctx) =>
    addCredential(signedCall(ctx, { platform: ctx.platform, body: ctx.body })),
  ),
  GET: handle(listCredentialsOp, async ({ platform, query }) =>
    reply(200, await listCredentials(platform, query.accountId)),
  ),
});
