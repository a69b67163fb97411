import { handle, methods, reply } from "@/lib/http/handler";
import { cancelTransactionOp } from "@/lib/transactions/transaction.contract";
import { cancelTransaction } from "@/lib/transactions/cancel-transaction";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(cancelTransactionOp, async ({ platform, params, body }) =>
    reply(200, await cancelTransaction(platform, params.transactionId, body?.reason)),
  ),
});
