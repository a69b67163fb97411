import { requireAgentPermission } from "@/lib/server/agents/require-agent-permission";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { createQuote } from "@/lib/server/quotes/create-quote";
import type { Quote, QuoteCreate } from "@/lib/server/quotes/quote.contract";
import { platformOfAgent } from "./agent-platform";

/** POST /agents/me/quotes: a quote for the agent's customer only (other customers' accounts: 404); executed separately. */
export async function agentCreateQuote(
  agent: AgentPrincipal,
  input: Omit<QuoteCreate, "immediatelyExecute" | "platformFeeOverride">,
  idempotencyKey: string | null,
): Promise<Quote> {
  requireAgentPermission(agent, "CREATE_QUOTES");
  const platform = await platformOfAgent(agent);
  return createQuote(
    platform,
    { ...input, immediatelyExecute: false },
    {
      idempotencyKey,
      idempotencyScope: `agent:${agent.agentId}`,
      actor: { customerScope: agent.customerId, agentId: agent.agentId },
    },
  );
}
