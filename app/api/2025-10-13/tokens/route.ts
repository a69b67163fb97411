import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createTokenOp, listTokensOp } from "@/lib/server/api-tokens/api-token.contract";
import { createToken } from "@/lib/server/api-tokens/create-token";
import { listTokens } from "@/lib/server/api-tokens/list-tokens";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createTokenOp, async ({ platform, body }) => reply(201, await createToken(platform, body))),
  GET: handle(listTokensOp, async ({ platform, query }) => reply(200, await listTokens(platform, query))),
});
