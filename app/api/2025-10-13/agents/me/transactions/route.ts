import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentListTransactionsOp } from "@/lib/server/agents/money/agent-money.contract";
import { agentListTransactions } from "@/lib/server/agents/money/agent-read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentListTransactionsOp, async ({ agent, query }) =>
    reply(200, await agentListTransactions(agent, query)),
  ),
});
