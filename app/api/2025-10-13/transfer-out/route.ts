import { handle, methods, reply } from "@/lib/http/handler";
import { transferOutOp } from "@/lib/transfers/transfer.contract";
import { transferOut } from "@/lib/transfers/transfer-out";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(transferOutOp, async ({ platform, body, req }) =>
    reply(201, await transferOut(platform, body, req.headers.get("idempotency-key"))),
  ),
});
