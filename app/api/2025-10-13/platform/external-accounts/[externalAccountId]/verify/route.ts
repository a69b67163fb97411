import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { platformExternalAccountOps as ops } from "@/lib/server/external-accounts/external-account.contract";
import { verifyOwnership } from "@/lib/server/external-accounts/verify-ownership";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(ops.verify, async ({ platform, params, body }) =>
    reply(
      200,
      await verifyOwnership({ platformId: platform.id, kind: "platform" }, params.externalAccountId, body.signature),
    ),
  ),
});
