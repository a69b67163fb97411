import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { platformExternalAccountOps as ops } from "@/lib/server/external-accounts/external-account.contract";
import { startOwnershipChallenge } from "@/lib/server/external-accounts/start-ownership-challenge";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(ops.challenge, async ({ platform, params, body }) =>
    reply(
      201,
      await startOwnershipChallenge(
        { platformId: platform.id, kind: "platform" },
        params.externalAccountId,
        body.method,
      ),
    ),
  ),
});
