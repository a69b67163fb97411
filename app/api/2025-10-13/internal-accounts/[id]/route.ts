import { handle, methods, reply } from "@/lib/http/handler";
import { getInternalAccountOp } from "@/lib/internal-accounts/internal-account.contract";
import { getInternalAccount } from "@/lib/internal-accounts/get-internal-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getInternalAccountOp, async ({ platform, params }) => reply(200, await getInternalAccount(platform, params.id))),
});
