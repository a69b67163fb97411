import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { linkProviderAccountOp, listProviderAccountsOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { linkProviderAccount } from "@/lib/server/stablecoins/link-provider-account";
import { listProviderAccounts } from "@/lib/server/stablecoins/list-provider-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(linkProviderAccountOp, async ({ platform, body, req }) =>
    reply(201, await linkProviderAccount(platform, body, req.headers.get("idempotency-key"))),
  ),
  GET: handle(listProviderAccountsOp, async ({ platform, query }) =>
    reply(200, await listProviderAccounts(platform.id, query)),
  ),
});
