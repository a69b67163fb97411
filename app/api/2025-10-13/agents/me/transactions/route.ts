import { handle, methods, reply } from "@/lib/http/handler";
import { agentListTransactionsOp } from "@/lib/agent-money/agent-money.contract";
import { agentListTransactions } from "@/lib/agent-money/agent-read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentListTransactionsOp, async ({ agent, query }) =>
    reply(200, await agentListTransactions(agent, query)),
  ),
});
