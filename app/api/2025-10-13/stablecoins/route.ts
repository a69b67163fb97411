import { handle, methods, reply } from "@/lib/http/handler";
import { listStablecoinsOp, registerStablecoinOp } from "@/lib/stablecoins/stablecoin.contract";
import { listStablecoins } from "@/lib/stablecoins/list-stablecoins";
import { registerStablecoin } from "@/lib/stablecoins/register-stablecoin";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(registerStablecoinOp, async ({ platform, body, req }) =>
    reply(201, await registerStablecoin(platform, body, req.headers.get("idempotency-key"))),
  ),
  GET: handle(listStablecoinsOp, async ({ platform, query }) => reply(200, await listStablecoins(platform.id, query))),
});
