import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { deleteTokenOp, getTokenOp } from "@/lib/server/api-tokens/api-token.contract";
import { deleteToken } from "@/lib/server/api-tokens/delete-token";
import { getToken } from "@/lib/server/api-tokens/get-token";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getTokenOp, async ({ platform, params }) => reply(200, await getToken(platform, params.tokenId))),
  DELETE: handle(deleteTokenOp, async ({ platform, params }) => {
    await deleteToken(platform, params.tokenId);
    return reply(204);
  }),
});
