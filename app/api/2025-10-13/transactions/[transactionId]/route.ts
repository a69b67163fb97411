import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getTransactionOp } from "@/lib/server/transactions/transaction.contract";
import { getAnyTransaction } from "@/lib/server/transactions/get-transaction";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getTransactionOp, async ({ platform, params }) =>
    reply(200, await getAnyTransaction(platform.id, params.transactionId)),
  ),
});
