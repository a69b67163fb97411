import { handle, methods, reply } from "@/lib/http/handler";
import { getTransactionOp } from "@/lib/transactions/transaction.contract";
import { getAnyTransaction } from "@/lib/transactions/get-transaction";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getTransactionOp, async ({ platform, params }) =>
    reply(200, await getAnyTransaction(platform.id, params.transactionId)),
  ),
});
