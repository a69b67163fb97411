import { handle, methods, reply } from "@/lib/http/handler";
import { agentCreateQuoteOp } from "@/lib/agent-money/agent-money.contract";
import { agentCreateQuote } from "@/lib/agent-money/agent-create-quote";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(agentCreateQuoteOp, async ({ agent, body, req }) =>
    reply(201, await agentCreateQuote(agent, body, req.headers.get("idempotency-key"))),
  ),
});
