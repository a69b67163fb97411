import { requireAgentPermission } from "@/lib/server/agents/require-agent-permission";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { platformOfAgent } from "@/lib/server/agents/money/agent-platform";
import { listCustomerInternalAccounts } from "@/lib/server/internal-accounts/list-internal-accounts";
import { formatId } from "@/lib/shared/ids";

/** GET /agents/me/internal-accounts: its customer's accounts only (VIEW_TRANSACTIONS, as balances are transaction data). */
export async function agentListInternalAccounts(
  agent: AgentPrincipal,
  q: {
    limit: number;
    cursor?: string;
    currency?: string;
    type?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET";
  },
) {
  requireAgentPermission(agent, "VIEW_TRANSACTIONS");
  return listCustomerInternalAccounts(await platformOfAgent(agent), {
    ...q,
    customerId: formatId("Customer", agent.customerId),
  });
}
