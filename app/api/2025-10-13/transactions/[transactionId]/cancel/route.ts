import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { cancelTransactionOp } from "@/lib/server/transactions/transaction.contract";
import { cancelTransaction } from "@/lib/server/transactions/cancel-transaction";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(cancelTransactionOp, async ({ platform, params, body }) =>
    reply(200, await cancelTransaction(platform, params.transactionId, body?.reason)),
  ),
});
