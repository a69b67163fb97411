import { handle, methods, reply } from "@/lib/http/handler";
import { agentExecuteQuoteOp } from "@/lib/agent-money/agent-money.contract";
import { agentExecuteQuote } from "@/lib/agent-money/agent-execute-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentExecuteQuoteOp, async ({ agent, params }) =>
    reply(200, await agentExecuteQuote(agent, params.quoteId)),
  ),
});
