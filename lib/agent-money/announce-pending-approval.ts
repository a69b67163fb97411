import type { Tx } from "@/db/client";
import { formatId } from "@/lib/ids";
import type { TransactionRow } from "@/lib/transactions/transaction-view";
import { transactionView } from "@/lib/transactions/transaction-view";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { paymentEvent } from "@/lib/transactions/transaction-events";
import { agentActionPendingEvent } from "./agent-money.contract";

/** An agent's transaction now waits for the platform: its pending event and AGENT_ACTION.PENDING_APPROVAL, in the caller's transaction. */
export async function announcePendingApproval(tx: Tx, pending: TransactionRow): Promise<void> {
  const data = await transactionView(tx, pending);
  await emitEvent(tx, paymentEvent(pending.direction, "PENDING"), { platformId: pending.platformId, data });
  await emitEvent(tx, agentActionPendingEvent, {
    platformId: pending.platformId,
    data: {
      ...data,
      agentId: formatId("Agent", pending.agentId!),
      actionId: formatId("AgentAction", pending.id),
      transactionId: data.id,
      ...(pending.quoteId ? { quoteId: formatId("Quote", pending.quoteId) } : {}),
    },
  });
}
