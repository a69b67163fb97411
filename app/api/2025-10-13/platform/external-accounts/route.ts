import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { platformExternalAccountOps as ops } from "@/lib/server/external-accounts/external-account.contract";
import { createExternalAccount } from "@/lib/server/external-accounts/create-external-account";
import { listExternalAccounts } from "@/lib/server/external-accounts/list-external-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(ops.create, async ({ platform, body }) =>
    reply(201, await createExternalAccount(platform, body, { platform: true })),
  ),
  GET: handle(ops.list, async ({ platform, query }) =>
    reply(200, await listExternalAccounts({ platformId: platform.id, kind: "platform" }, query)),
  ),
});
