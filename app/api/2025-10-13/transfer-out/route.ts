import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { transferOutOp } from "@/lib/server/transfers/transfer.contract";
import { transferOut } from "@/lib/server/transfers/transfer-out";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(transferOutOp, async ({ platform, body, req }) =>
    reply(201, await transferOut(platform, body, req.headers.get("idempotency-key"))),
  ),
});
