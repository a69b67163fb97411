import { requireAgentPermission } from "@/lib/server/agents/require-agent-permission";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { actionOf, executeQuoteUnderPolicy } from "@/lib/server/agents/money/agent-execute-quote";
import { announcePendingApproval } from "@/lib/server/agents/money/announce-pending-approval";
import { checkAgentPolicy } from "@/lib/server/agents/money/agent-policy-check";
import { platformOfAgent } from "@/lib/server/agents/money/agent-platform";
import { transferIn } from "@/lib/server/transfers/transfer-in";
import { transferOutQuote } from "@/lib/server/transfers/transfer-out";
import type { TransferInput } from "@/lib/server/transfers/transfer.contract";
import type { AgentAction } from "./agent-action.contract";

async function asAction(transactionId: string): Promise<AgentAction> {
  return actionOf({ id: parseId("Transaction", transactionId) ?? "" });
}

/**
 * POST /agents/me/transfer-out: a same-currency quote for the agent's customer, executed under the agent's
 * policy exactly like an agent's quote execution (AUTO now, or pending the platform's approval).
 */
export async function agentTransferOut(
  agent: AgentPrincipal,
  input: TransferInput,
  idempotencyKey: string | null,
): Promise<AgentAction> {
  requireAgentPermission(agent, "CREATE_TRANSFERS");
  const quote = await transferOutQuote(await platformOfAgent(agent), input, {
    immediatelyExecute: false,
    idempotencyKey,
    idempotencyScope: `agent-transfer-out:${agent.agentId}`,
    actor: { customerScope: agent.customerId, agentId: agent.agentId },
  });
  // A replayed Idempotency-Key finds the quote already executed: answer with its action.
  if (quote.status !== "PENDING") return asAction(quote.transactionId);
  return actionOf(await executeQuoteUnderPolicy(agent, quote.id, "TRANSFER_OUT"));
}

/** POST /agents/me/transfer-in: the platform's transfer-in, limited to the agent's customer and gated by its policy. */
export async function agentTransferIn(
  agent: AgentPrincipal,
  input: TransferInput,
  idempotencyKey: string | null,
): Promise<AgentAction> {
  requireAgentPermission(agent, "CREATE_TRANSFERS");
  const platform = await platformOfAgent(agent);
  const t = await transferIn(platform, input, idempotencyKey, {
    agentId: agent.agentId,
    customerId: agent.customerId,
    decide: (tx, row) => checkAgentPolicy(tx, agent.agentId, row),
    announce: announcePendingApproval,
  });
  return asAction(t.id);
}
