import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { requireAgentPermission } from "@/lib/server/agents/require-agent-permission";
import { ApiError, notFound } from "@/lib/server/core/errors";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { walletSignatureNeeded } from "@/lib/server/quotes/create-quote";
import { lockExecutableQuote } from "@/lib/server/quotes/execute-quote";
import { refuseRealtimeFunding } from "@/lib/server/quotes/executable-quote";
import { executeTransaction } from "@/lib/server/transactions/execute-transaction";
import { transactionFromQuote } from "@/lib/server/transactions/transaction-from-quote";
import type { TransactionRow } from "@/lib/server/transactions/transaction-view";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { enter } from "@/lib/server/transactions/transitions";
import { findAction } from "./action-view";
import type { AgentAction } from "./agent-money.contract";
import { checkAgentPolicy } from "./agent-policy-check";
import { platformOfAgent } from "./agent-platform";
import { announcePendingApproval } from "./announce-pending-approval";

/**
 * POST /agents/me/quotes/{quoteId}/execute (Grid's agentExecuteQuote): answers the AgentAction (type EXECUTE_QUOTE,
 * with the quote). The agent's policy decides: AUTO executes now (APPROVED with its transaction, or FAILED);
 * APPROVAL_REQUIRED leaves the transaction PENDING with the platform's approval pending (PENDING_APPROVAL, no
 * transaction yet) and emits AGENT_ACTION.PENDING_APPROVAL, until POST /transactions/{id}/approve or /reject (or the
 * action's own doors: the same decision, once). All in one database transaction.
 */
export async function agentExecuteQuote(agent: AgentPrincipal, quoteId: string): Promise<AgentAction> {
  requireAgentPermission(agent, "EXECUTE_QUOTES");
  return actionOf(await executeQuoteUnderPolicy(agent, quoteId, "TRANSFER"));
}

/** The agent action of the agent transaction `row` (the same uuid). */
export async function actionOf(row: Pick<TransactionRow, "id">): Promise<AgentAction> {
  const action = await findAction(await getDb(), row.id, []);
  if (!action) throw new ApiError("INTERNAL_ERROR", "the agent's transaction has no action");
  return action;
}

/** The policy-gated execution shared by quote execution and the agent's transfer-out (`kind` says which action it is). */
export async function executeQuoteUnderPolicy(
  agent: AgentPrincipal,
  quoteId: string,
  kind: "TRANSFER" | "TRANSFER_OUT",
): Promise<TransactionRow> {
  const platform = await platformOfAgent(agent);
  return moneyTransaction(async (tx) => {
    const q = await lockExecutableQuote(tx, agent.platformId, quoteId);
    // Another customer's quote answers exactly like a missing one.
    if (q.customerId !== agent.customerId) throw notFound("QUOTE_NOT_FOUND", "Quote", quoteId);
    refuseRealtimeFunding(q);
    const [src] = await tx
      .select({ type: internalAccounts.type })
      .from(internalAccounts)
      .where(eq(internalAccounts.id, q.sourceAccountId));
    if (src?.type === "EMBEDDED_WALLET") throw walletSignatureNeeded();
    const mode = await checkAgentPolicy(tx, agent.agentId, q);
    const values = { ...transactionFromQuote(q), kind, agentId: agent.agentId };
    if (mode === "AUTO") {
      const { row } = await enter(tx, "EXECUTE", values);
      return executeTransaction(tx, row, {
        settings: platform.settings,
        sandbox: platform.environment === "SANDBOX",
        onRefusal: "throw",
      });
    }
    const { row } = await enter(tx, "AWAIT_APPROVAL", values);
    await announcePendingApproval(tx, row);
    return row;
  });
}
