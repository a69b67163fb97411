import { handle, methods, reply } from "@/lib/http/handler";
import { agentGetTransactionOp } from "@/lib/agent-money/agent-money.contract";
import { agentGetTransaction } from "@/lib/agent-money/agent-read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentGetTransactionOp, async ({ agent, params }) =>
    reply(200, await agentGetTransaction(agent, params.transactionId)),
  ),
});
