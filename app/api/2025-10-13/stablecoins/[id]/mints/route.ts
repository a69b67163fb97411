import { handle, methods, reply } from "@/lib/http/handler";
import { createMintOp } from "@/lib/stablecoins/stablecoin.contract";
import { createMint } from "@/lib/stablecoins/create-mint";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createMintOp, async ({ platform, params, body, req }) =>
    reply(201, await createMint(platform, params.id, body, req.headers.get("idempotency-key"))),
  ),
});
