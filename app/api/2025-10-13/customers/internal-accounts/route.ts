import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listCustomerInternalAccountsOp } from "@/lib/server/internal-accounts/internal-account.contract";
import { listCustomerInternalAccounts } from "@/lib/server/internal-accounts/list-internal-accounts";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listCustomerInternalAccountsOp, async ({ platform, query }) =>
    reply(200, await listCustomerInternalAccounts(platform, query)),
  ),
});
