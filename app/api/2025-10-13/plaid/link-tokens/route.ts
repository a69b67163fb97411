import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createPlaidLinkTokenOp } from "@/lib/server/plaid/plaid.contract";
import { createPlaidLinkToken } from "@/lib/server/plaid/create-link-token";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createPlaidLinkTokenOp, async ({ platform, body, requestId }) =>
    reply(200, await createPlaidLinkToken(platform, body.customerId, requestId)),
  ),
});
