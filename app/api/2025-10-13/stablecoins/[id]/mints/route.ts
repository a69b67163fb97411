import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createMintOp } from "@/lib/server/stablecoins/stablecoin.contract";
import { createMint } from "@/lib/server/stablecoins/create-mint";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createMintOp, async ({ platform, params, body, req }) =>
    reply(201, await createMint(platform, params.id, body, req.headers.get("idempotency-key"))),
  ),
});
