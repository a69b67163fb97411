import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { agentCreateQuoteOp } from "@/lib/server/agents/money/agent-money.contract";
import { agentCreateQuote } from "@/lib/server/agents/money/agent-create-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentCreateQuoteOp, async ({ agent, body, req }) =>
    reply(201, await agentCreateQuote(agent, body, req.headers.get("idempotency-key"))),
  ),
});
