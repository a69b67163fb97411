import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listTransactionsOp } from "@/lib/server/transactions/transaction.contract";
import { listTransactions } from "@/lib/server/transactions/list-transactions";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listTransactionsOp, async ({ platform, query }) =>
    reply(200, await listTransactions(platform.id, query)),
  ),
});
