import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentGetQuoteOp } from "@/lib/server/agents/money/agent-money.contract";
import { agentGetQuote } from "@/lib/server/agents/money/agent-read";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(agentGetQuoteOp, async ({ agent, params }) => reply(200, await agentGetQuote(agent, params.quoteId))),
});
