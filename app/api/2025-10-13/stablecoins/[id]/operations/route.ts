import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listOperationsOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { listOperations } from "@/lib/server/stablecoins/list-operations";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listOperationsOp, async ({ platform, params, query }) =>
    reply(200, await listOperations(platform.id, params.id, query)),
  ),
});
