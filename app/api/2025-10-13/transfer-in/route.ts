import { handle, methods, reply } from "@/lib/http/handler";
import { transferInOp } from "@/lib/transfers/transfer.contract";
import { transferIn } from "@/lib/transfers/transfer-in";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(transferInOp, async ({ platform, body, req }) =>
    reply(201, await transferIn(platform, body, req.headers.get("idempotency-key"))),
  ),
});
