import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { fundInternalAccountOp } from "@/lib/server/sandbox/sandbox.contract";
import { fundInternalAccount } from "@/lib/server/sandbox/fund-internal-account";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(fundInternalAccountOp, async ({ platform, params, body }) =>
    reply(200, await fundInternalAccount(platform, params.accountId, body.amount)),
  ),
});
