import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listStablecoinsOp, registerStablecoinOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { listStablecoins } from "@/lib/server/stablecoins/list-stablecoins";
import { registerStablecoin } from "@/lib/server/stablecoins/register-stablecoin";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(registerStablecoinOp, async ({ platform, body, req }) =>
    reply(201, await registerStablecoin(platform, body, req.headers.get("idempotency-key"))),
  ),
  GET: handle(listStablecoinsOp, async ({ platform, query }) => reply(200, await listStablecoins(platform.id, query))),
});
