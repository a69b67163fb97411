import { handle, methods, reply } from "@/lib/http/handler";
import { listTransactionsOp } from "@/lib/transactions/transaction.contract";
import { listTransactions } from "@/lib/transactions/list-transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listTransactionsOp, async ({ platform, query }) =>
    reply(200, await listTransactions(platform.id, query)),
  ),
});
