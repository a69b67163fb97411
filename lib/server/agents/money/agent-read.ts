import { requireAgentPermission } from "@/lib/server/agents/require-agent-permission";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { getQuote } from "@/lib/server/quotes/get-quote";
import { getAnyTransaction } from "@/lib/server/transactions/get-transaction";
import type { transactionStatusFilter } from "@/lib/server/transactions/transaction.contract";
import { listTransactions } from "@/lib/server/transactions/list-transactions";

/**
 * Reads scoped to the agent's customer: another customer's quote or transaction answers 404 like a missing one. Its
 * transactions are the platform's list narrowed to the customer, card transactions included.
 */
export async function agentGetQuote(agent: AgentPrincipal, quoteId: string) {
  requireAgentPermission(agent, "CREATE_QUOTES");
  return getQuote(agent.platformId, quoteId, agent.customerId);
}

export async function agentGetTransaction(agent: AgentPrincipal, transactionId: string) {
  requireAgentPermission(agent, "VIEW_TRANSACTIONS");
  return getAnyTransaction(agent.platformId, transactionId, agent.customerId);
}

export async function agentListTransactions(
  agent: AgentPrincipal,
  q: {
    limit: number;
    cursor?: string;
    status?: (typeof transactionStatusFilter.options)[number];
    sortOrder: "asc" | "desc";
  },
) {
  requireAgentPermission(agent, "VIEW_TRANSACTIONS");
  return listTransactions(agent.platformId, q, agent.customerId);
}
