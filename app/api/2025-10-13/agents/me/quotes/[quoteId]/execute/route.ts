import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentExecuteQuoteOp } from "@/lib/server/agents/money/agent-money.contract";
import { agentExecuteQuote } from "@/lib/server/agents/money/agent-execute-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentExecuteQuoteOp, async ({ agent, params }) =>
    reply(200, await agentExecuteQuote(agent, params.quoteId)),
  ),
});
