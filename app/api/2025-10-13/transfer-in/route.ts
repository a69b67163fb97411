import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { transferInOp } from "@/lib/server/transfers/transfer.contract";
import { transferIn } from "@/lib/server/transfers/transfer-in";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(transferInOp, async ({ platform, body, req }) =>
    reply(201, await transferIn(platform, body, req.headers.get("idempotency-key"))),
  ),
});
