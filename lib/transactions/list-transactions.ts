import { and, asc, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { decodeCursor, encodeCursor } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { cardTransactionsPage } from "@/lib/cards/list-card-transactions";
import type { CardTransaction } from "@/lib/cards/card.contract";
import type { Transaction } from "./transaction.contract";
import { toTransaction } from "./transaction-view";

const NONE = "00000000-0000-0000-0000-000000000000";

type Query = {
  limit: number;
  cursor?: string;
  customerId?: string;
  accountId?: string;
  status?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "REJECTED";
  type?: "CARD";
  cardId?: string;
  sortOrder: "asc" | "desc";
};

/**
 * GET /transactions: transfers and funding, and (for the platform, not an agent's customer scope) card
 * transactions, one id-ordered list (UUIDv7 ids of both tables sort by creation, so one cursor pages both).
 */
export async function listTransactions(platformId: string, q: Query, customerScope?: string) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const withCards = !customerScope && (q.type === "CARD" || !q.type);
  const withOthers = q.type !== "CARD" && !q.cardId;
  const items: { uuid: string; item: Transaction | CardTransaction }[] = [];
  if (withOthers) {
    const where: SQL[] = [eq(transactions.platformId, platformId)];
    if (customerScope) where.push(eq(transactions.customerId, customerScope));
    // An unknown or foreign id filters to nothing, like an id that does not exist (protocol.md).
    if (q.customerId) where.push(eq(transactions.customerId, parseId("Customer", q.customerId) ?? NONE));
    if (q.accountId) {
      const acc = parseId("InternalAccount", q.accountId) ?? parseId("ExternalAccount", q.accountId) ?? NONE;
      where.push(or(eq(transactions.sourceAccountId, acc), eq(transactions.destinationAccountId, acc))!);
    }
    if (q.status) where.push(eq(transactions.status, q.status));
    if (after) where.push(q.sortOrder === "asc" ? gt(transactions.id, after) : lt(transactions.id, after));
    const rows = await db
      .select()
      .from(transactions)
      .where(and(...where))
      .orderBy(q.sortOrder === "asc" ? asc(transactions.id) : desc(transactions.id))
      .limit(q.limit + 1);
    items.push(...rows.map((r) => ({ uuid: r.id, item: toTransaction(r) })));
  }
  if (withCards) {
    const cards = await cardTransactionsPage(db, platformId, { ...q, limit: q.limit + 1, after });
    items.push(...cards.map(({ uuid, ...item }) => ({ uuid, item })));
  }
  items.sort((a, b) => (a.uuid < b.uuid ? -1 : 1) * (q.sortOrder === "asc" ? 1 : -1));
  const hasMore = items.length > q.limit;
  const slice = items.slice(0, q.limit);
  const out: { data: (Transaction | CardTransaction)[]; hasMore: boolean; nextCursor?: string } = { data: slice.map((i) => i.item), hasMore };
  if (hasMore) out.nextCursor = encodeCursor(slice[slice.length - 1].uuid);
  return out;
}
