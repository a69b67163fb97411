import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listPlatformInternalAccountsOp } from "@/lib/server/internal-accounts/internal-account.contract";
import { listPlatformInternalAccounts } from "@/lib/server/internal-accounts/list-platform-internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listPlatformInternalAccountsOp, async ({ platform, query }) =>
    reply(200, await listPlatformInternalAccounts(platform, query)),
  ),
});
