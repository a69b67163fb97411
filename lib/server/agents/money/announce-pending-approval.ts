import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { transactions } from "@/db/schema";
import type { TransactionRow } from "@/lib/server/transactions/transaction-view";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { findAction } from "./action-view";
import { agentActionPendingEvent } from "./agent-money.contract";

/**
 * An agent's transaction now waits for the platform (its PENDING event was written by the state machine,
 * transitions.ts ENTRIES.AWAIT_APPROVAL): Grid's AGENT_ACTION.PENDING_APPROVAL with the full AgentAction as its data
 * (Grid's AgentActionWebhook; approvals-and-audit guide), in the caller's transaction.
 */
export async function announcePendingApproval(tx: Tx, pending: TransactionRow): Promise<void> {
  const action = await findAction(tx, pending.id, [eq(transactions.platformId, pending.platformId)]);
  if (!action) throw new Error(`agent transaction ${pending.id} has no action view`);
  await emitEvent(tx, agentActionPendingEvent, {
    platformId: pending.platformId,
    data: action,
  });
}
