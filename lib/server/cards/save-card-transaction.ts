import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { cardTransactions, customers } from "@/db/schema";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { toCardTransaction, type CardTransactionRow } from "./card-transaction-view";
import { cardTransactionEvent } from "./card.contract";

/**
 * Write a card transaction's new state and, unless it is a decline (Grid defines no decline event), its
 * CARD_TRANSACTION.<status> event carrying the full card transaction — in the caller's database transaction.
 */
export async function saveCardTransaction(
  tx: Tx,
  row: CardTransactionRow,
  opts: { insert?: boolean; event?: boolean } = {},
): Promise<CardTransactionRow> {
  const now = new Date();
  const next = { ...row, updatedAt: now, lastEventAt: opts.insert ? row.lastEventAt : now };
  if (opts.insert) await tx.insert(cardTransactions).values(next);
  else await tx.update(cardTransactions).set(next).where(eq(cardTransactions.id, row.id));
  if (next.status !== "DECLINED" && opts.event !== false) {
    const [c] = await tx
      .select({ pcid: customers.platformCustomerId })
      .from(customers)
      .where(eq(customers.id, row.customerId));
    await emitEvent(tx, cardTransactionEvent(next.status), {
      platformId: row.platformId,
      data: toCardTransaction(next, c.pcid),
    });
  }
  return next;
}
