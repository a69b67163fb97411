import { handle, methods, reply } from "@/lib/http/handler";
import { submitPlaidPublicTokenOp } from "@/lib/plaid/plaid.contract";
import { submitPlaidPublicToken } from "@/lib/plaid/submit-public-token";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(submitPlaidPublicTokenOp, async ({ platform, params, body }) =>
    reply(202, await submitPlaidPublicToken(platform, params.plaid_link_token, body)),
  ),
});
