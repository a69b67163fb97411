import { handle, methods, reply } from "@/lib/http/handler";
import { createPlaidLinkTokenOp } from "@/lib/plaid/plaid.contract";
import { createPlaidLinkToken } from "@/lib/plaid/create-link-token";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createPlaidLinkTokenOp, async ({ platform, body, requestId }) =>
    reply(200, await createPlaidLinkToken(platform, body.customerId, requestId)),
  ),
});
