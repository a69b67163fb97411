import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getOperationOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { getOperation } from "@/lib/server/stablecoins/get-operation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getOperationOp, async ({ platform, params }) => reply(200, await getOperation(platform.id, params.id))),
});
