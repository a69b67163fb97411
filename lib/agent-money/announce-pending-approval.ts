import type { Tx } from "@/db/client";
import { formatId } from "@/lib/ids";
import type { TransactionRow } from "@/lib/transactions/transaction-view";
import { transactionView } from "@/lib/transactions/transaction-view";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { defined } from "@/lib/invariant";

/** An agent's transaction now waits for the platform: its pending event and AGENT_ACTION.PENDING_APPROVAL, in the caller's transaction. */
export async function announcePendingApproval(tx: Tx, pending: TransactionRow): Promise<void> {
  const data = (await transactionView(tx, pending)) as unknown as Record<string, unknown>;
  const type = pending.direction === "INCOMING" ? "INCOMING_PAYMENT.PENDING" : "OUTGOING_PAYMENT.PENDING";
  await emitEvent(tx, { platformId: pending.platformId, type, data });
  await emitEvent(tx, {
    platformId: pending.platformId,
    type: "AGENT_ACTION.PENDING_APPROVAL",
    data: {
      ...data,
      agentId: formatId("Agent", defined(pending.agentId, "a pending agent transaction's agentId")),
      actionId: formatId("AgentAction", pending.id),
      transactionId: data.id,
      ...(pending.quoteId ? { quoteId: formatId("Quote", pending.quoteId) } : {}),
    },
  });
}
