import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentGetTransactionOp } from "@/lib/server/agents/money/agent-money.contract";
import { agentGetTransaction } from "@/lib/server/agents/money/agent-read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentGetTransactionOp, async ({ agent, params }) =>
    reply(200, await agentGetTransaction(agent, params.transactionId)),
  ),
});
