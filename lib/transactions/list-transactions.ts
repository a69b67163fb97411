import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, transactions } from "@/db/schema";
import { listPage } from "@/db/list-page";
import { emptyPage } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import type { TransactionFilters } from "./transaction.contract";
import { transactionViews } from "./transaction-view";
import { listCardTransactions } from "@/lib/cards/list-card-transactions";

const accountUuid = (id: string) => parseId("InternalAccount", id) ?? parseId("ExternalAccount", id);

/** GET /transactions with Grid's filters. An unknown or foreign id filters to nothing, like an id that does not exist. */
export async function listTransactions(platformId: string, q: TransactionFilters) {
  // Card transactions are listed here too (protocol.md "Cards"), with type CARD or a cardId.
  if (q.type === "CARD" || q.cardId !== undefined) return listCardTransactions(await getDb(), platformId, q);
  return listPaymentTransactions(platformId, q);
}

/** The payments (incoming and outgoing, no card transactions) under Grid's filters; an agent's list is scoped to its customer. */
export async function listPaymentTransactions(platformId: string, q: TransactionFilters, customerScope?: string) {
  // No card transaction is a payment (an agent's scope has none either).
  if (q.type === "CARD" || q.cardId !== undefined) return emptyPage();
  const db = await getDb();
  const where: SQL[] = [eq(transactions.platformId, platformId)];
  if (q.reference !== undefined) return emptyPage();
  if (customerScope) where.push(eq(transactions.customerId, customerScope));
  if (q.customerId) {
    const uuid = parseId("Customer", q.customerId);
    if (!uuid) return emptyPage();
    where.push(eq(transactions.customerId, uuid));
  }
  if (q.platformCustomerId) {
    const owner = db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.platformId, platformId), eq(customers.platformCustomerId, q.platformCustomerId)));
    where.push(inArray(transactions.customerId, owner));
  }
  for (const [id, side] of [
    [q.accountId ?? q.accountIdentifier, "either"],
    [q.senderAccountIdentifier, "source"],
    [q.receiverAccountIdentifier, "destination"],
  ] as const) {
    if (id === undefined) continue;
    const acc = accountUuid(id);
    if (!acc) return emptyPage();
    if (side === "source") where.push(eq(transactions.sourceAccountId, acc));
    else if (side === "destination") where.push(eq(transactions.destinationAccountId, acc));
    else where.push(sql`(${eq(transactions.sourceAccountId, acc)} or ${eq(transactions.destinationAccountId, acc)})`);
  }
  if (q.status) where.push(eq(transactions.status, q.status as never));
  if (q.type) where.push(eq(transactions.direction, q.type));
  if (q.startDate) where.push(gte(transactions.createdAt, new Date(q.startDate)));
  if (q.endDate) where.push(lte(transactions.createdAt, new Date(q.endDate)));
  return listPage(transactions, { ...q, filters: where }, (rows) => transactionViews(db, rows), db);
}
