import { getDb } from "@/db/client";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { executeTransaction } from "./execute-transaction";
import type { Transaction } from "./transaction.contract";
import { transactionView } from "./transaction-view";
import { moneyTransaction } from "./money-transaction";
import { transition } from "./transitions";

/**
 * POST /transactions/{id}/approve | /reject (and the agent action's doors, lib/server/agents/actions/decide-agent-action.ts).
 * The decision is the state machine's APPROVE or REJECT (transitions.ts): one conditional UPDATE from PENDING with the
 * platform's approval pending, so of any number of concurrent approvals, rejections and cancels, on any number of
 * instances, exactly one wins; the others answer 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL. An approved
 * transaction executes in the same database transaction (its failures are recorded as failure reasons, e.g.
 * LIMIT_EXCEEDED or QUOTE_EXECUTION_FAILED, since the platform's call itself succeeded); a rejected one is FAILED
 * with rejectionReason (Grid has no rejected status for an outgoing transaction: docs/protocol.md).
 */
export async function decideApproval(
  platform: PlatformPrincipal,
  transactionId: string,
  decision: "APPROVE" | "REJECT",
  reason?: string,
): Promise<Transaction> {
  const uuid = parseId("Transaction", transactionId);
  if (!uuid) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  const row = await moneyTransaction(async (tx) => {
    const target = { id: uuid, platformId: platform.id };
    if (decision === "REJECT") return transition(tx, "REJECT", target, { rejectionReason: reason });
    const won = await transition(tx, "APPROVE", target);
    if (!won) return null;
    return executeTransaction(tx, won, {
      settings: platform.settings,
      sandbox: platform.environment === "SANDBOX",
      onRefusal: "fail",
    });
  });
  // Never null: APPROVE and REJECT name the error their loser hears.
  if (!row) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  return transactionView(await getDb(), row);
}
