import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getStablecoinOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { getStablecoin } from "@/lib/server/stablecoins/get-stablecoin";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getStablecoinOp, async ({ platform, params }) => reply(200, await getStablecoin(platform.id, params.id))),
});
