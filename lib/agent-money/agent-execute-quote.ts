import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts, quotes } from "@/db/schema";
import { requireAgentPermission } from "@/lib/agents/require-agent-permission";
import { ApiError, notFound } from "@/lib/api-core/errors";
import type { AgentPrincipal } from "@/lib/api-core/principal";
import { walletSignatureNeeded } from "@/lib/quotes/create-quote";
import { lockExecutableQuote } from "@/lib/quotes/execute-quote";
import { executeTransaction } from "@/lib/transactions/execute-transaction";
import { insertTransaction, transactionFromQuote } from "@/lib/transactions/insert-transaction";
import type { Transaction } from "@/lib/transactions/transaction.contract";
import { transactionView } from "@/lib/transactions/transaction-view";
import { checkAgentPolicy } from "./agent-policy-check";
import { platformOfAgent } from "./agent-platform";
import { announcePendingApproval } from "./announce-pending-approval";

/**
 * POST /agents/me/quotes/{quoteId}/execute. The agent's policy decides: AUTO executes now;
 * APPROVAL_REQUIRED leaves the transaction PENDING (pendingReason PENDING_PLATFORM_APPROVAL) and emits
 * AGENT_ACTION.PENDING_APPROVAL, until POST /transactions/{id}/approve or /reject. All in one database transaction.
 */
export async function agentExecuteQuote(agent: AgentPrincipal, quoteId: string): Promise<Transaction> {
  requireAgentPermission(agent, "EXECUTE_QUOTES");
  return executeQuoteUnderPolicy(agent, quoteId, "TRANSFER");
}

/** The policy-gated execution shared by quote execution and the agent's transfer-out (`kind` says which action it is). */
export async function executeQuoteUnderPolicy(
  agent: AgentPrincipal,
  quoteId: string,
  kind: "TRANSFER" | "TRANSFER_OUT",
): Promise<Transaction> {
  const platform = await platformOfAgent(agent);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const q = await lockExecutableQuote(tx, agent.platformId, quoteId);
    // Another customer's quote answers exactly like a missing one.
    if (q.customerId !== agent.customerId) throw notFound("QUOTE_NOT_FOUND", "Quote", quoteId);
    const [src] = await tx
      .select({ type: internalAccounts.type })
      .from(internalAccounts)
      .where(eq(internalAccounts.id, q.sourceAccountId));
    if (src?.type === "EMBEDDED_WALLET") throw walletSignatureNeeded();
    const mode = await checkAgentPolicy(tx, agent.agentId, q);
    if (mode === "AUTO") {
      const t = await insertTransaction(tx, { ...transactionFromQuote(q, "PROCESSING"), kind, agentId: agent.agentId });
      return executeTransaction(tx, t, {
        settings: platform.settings,
        sandbox: platform.environment === "SANDBOX",
        onRefusal: "throw",
      });
    }
    const pending = await insertTransaction(tx, {
      ...transactionFromQuote(q, "PENDING", "PENDING_PLATFORM_APPROVAL"),
      kind,
      agentId: agent.agentId,
    });
    await tx.update(quotes).set({ status: "PROCESSING", updatedAt: new Date() }).where(eq(quotes.id, q.id));
    await announcePendingApproval(tx, pending);
    return pending;
  });
  if (!row) throw new ApiError("INTERNAL_ERROR", "execution produced no transaction");
  return transactionView(db, row);
}
