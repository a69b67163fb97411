import { handle, methods, reply } from "@/lib/http/handler";
import { getOperationOp } from "@/lib/stablecoins/stablecoin.contract";
import { getOperation } from "@/lib/stablecoins/get-operation";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getOperationOp, async ({ platform, params }) => reply(200, await getOperation(platform.id, params.id))),
});
