import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { submitPlaidPublicTokenOp } from "@/lib/server/plaid/plaid.contract";
import { submitPlaidPublicToken } from "@/lib/server/plaid/submit-public-token";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(submitPlaidPublicTokenOp, async ({ platform, params, body }) =>
    reply(202, await submitPlaidPublicToken(platform, params.plaid_link_token, body)),
  ),
});
