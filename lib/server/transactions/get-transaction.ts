import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import { getCardTransaction } from "@/lib/server/cards/list-card-transactions";
import type { CardTransaction } from "@/lib/server/cards/card.contract";
import type { Transaction } from "./transaction.contract";
import { transactionView } from "./transaction-view";

/** A transaction of the platform (and, for an agent, of its customer), or 404 TRANSACTION_NOT_FOUND. */
export async function getTransaction(
  platformId: string,
  transactionId: string,
  customerScope?: string,
): Promise<Transaction> {
  const uuid = parseId("Transaction", transactionId);
  if (uuid) {
    const db = await getDb();
    const where = [eq(transactions.id, uuid), eq(transactions.platformId, platformId)];
    if (customerScope) where.push(eq(transactions.customerId, customerScope));
    const [row] = await db
      .select()
      .from(transactions)
      .where(and(...where));
    if (row) return transactionView(db, row);
  }
  throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
}

/** GET /transactions/{id} of the platform (for an agent, of its customer): transactions and card transactions (type CARD). */
export async function getAnyTransaction(
  platformId: string,
  transactionId: string,
  customerScope?: string,
): Promise<Transaction | CardTransaction> {
  if (transactionId.startsWith("CardTransaction:"))
    return getCardTransaction(await getDb(), platformId, transactionId, customerScope);
  return getTransaction(platformId, transactionId, customerScope);
}
