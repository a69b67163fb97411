import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { Transaction } from "./transaction.contract";
import { transactionView } from "./transaction-view";

/**
 * POST /transactions/{id}/confirm (Grid's confirmReceiptDelivery): store when the platform delivered the receipt
 * (the given time, or now); a second call replaces it. Not a status change, so no event (Grid defines none).
 */
export async function confirmReceiptDelivery(
  platformId: string,
  transactionId: string,
  confirmedAt?: string,
): Promise<Transaction> {
  const uuid = parseId("Transaction", transactionId);
  if (!uuid) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  const db = await getDb();
  const [row] = await db
    .update(transactions)
    .set({ receiptDeliveryConfirmedAt: confirmedAt ? new Date(confirmedAt) : new Date() })
    .where(and(eq(transactions.id, uuid), eq(transactions.platformId, platformId)))
    .returning();
  if (!row) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  return transactionView(db, row);
}
