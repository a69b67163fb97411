import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { approveTransactionOp } from "@/lib/server/transactions/transaction.contract";
import { decideApproval } from "@/lib/server/transactions/decide-approval";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(approveTransactionOp, async ({ platform, params }) =>
    reply(200, await decideApproval(platform, params.transactionId, "APPROVE")),
  ),
});
