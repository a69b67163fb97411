import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createBurnOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { createBurn } from "@/lib/server/stablecoins/create-burn";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createBurnOp, async ({ platform, params, body, req }) =>
    reply(201, await createBurn(platform, params.id, body, req.headers.get("idempotency-key"))),
  ),
});
