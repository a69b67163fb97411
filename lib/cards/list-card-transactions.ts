import { and, asc, desc, eq, gt, lt, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cardTransactions, customers } from "@/db/schema";
import { notFound } from "@/lib/api-core/errors";
import { decodeCursor, encodeCursor, type Page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import type { CardTransaction } from "./card.contract";
import { toCardTransaction } from "./card-transaction-view";

const NONE = "00000000-0000-0000-0000-000000000000";

/**
 * Card transactions of a platform in id order, `limit` of them after the cursor uuid, for GET /transactions
 * (type CARD, or merged with the other transactions). Filters: customer, funding account, card, status.
 */
type CardFilters = { customerId?: string; accountId?: string; cardId?: string; status?: string };

function cardWhere(platformId: string, q: CardFilters): SQL[] {
  const where: SQL[] = [eq(cardTransactions.platformId, platformId)];
  if (q.customerId) where.push(eq(cardTransactions.customerId, parseId("Customer", q.customerId) ?? NONE));
  if (q.accountId) where.push(eq(cardTransactions.accountId, parseId("InternalAccount", q.accountId) ?? NONE));
  if (q.cardId) where.push(eq(cardTransactions.cardId, parseId("Card", q.cardId) ?? NONE));
  if (q.status) where.push(eq(cardTransactions.status, q.status as never));
  return where;
}

async function cardTransactionsPage(
  db: DbOrTx,
  platformId: string,
  q: CardFilters & { limit: number; after?: string; sortOrder: "asc" | "desc" },
): Promise<(CardTransaction & { uuid: string })[]> {
  const where = cardWhere(platformId, q);
  if (q.after) where.push(q.sortOrder === "asc" ? gt(cardTransactions.id, q.after) : lt(cardTransactions.id, q.after));
  const rows = await db
    .select({ t: cardTransactions, pcid: customers.platformCustomerId })
    .from(cardTransactions)
    .innerJoin(customers, eq(customers.id, cardTransactions.customerId))
    .where(and(...where))
    .orderBy(q.sortOrder === "asc" ? asc(cardTransactions.id) : desc(cardTransactions.id))
    .limit(q.limit);
  return rows.map((r) => ({ ...toCardTransaction(r.t, r.pcid), uuid: r.t.id }));
}

/** GET /transactions?type=CARD (or cardId): a page of card transactions, with Grid's totalCount. */
export async function listCardTransactions(
  db: DbOrTx,
  platformId: string,
  q: CardFilters & { limit: number; cursor?: string; sortOrder: "asc" | "desc" },
): Promise<Page<CardTransaction>> {
  // The page and its exact count concurrently (two pool connections: the latency is the slower, not the sum).
  const [rows, totalCount] = await Promise.all([
    cardTransactionsPage(db, platformId, { ...q, limit: q.limit + 1, after: decodeCursor(q.cursor) }),
    db.$count(cardTransactions, and(...cardWhere(platformId, q))),
  ]);
  const hasMore = rows.length > q.limit;
  const slice = rows.slice(0, q.limit);
  const out: Page<CardTransaction> = { data: slice.map(({ uuid: _uuid, ...t }) => t), hasMore, totalCount };
  if (hasMore) out.nextCursor = encodeCursor(slice[slice.length - 1].uuid);
  return out;
}

/** GET /transactions/{id} for a CardTransaction id; 404 CARD_TRANSACTION_NOT_FOUND (also for another tenant's). */
export async function getCardTransaction(db: DbOrTx, platformId: string, id: string): Promise<CardTransaction> {
  const uuid = parseId("CardTransaction", id);
  if (uuid) {
    const [r] = await db
      .select({ t: cardTransactions, pcid: customers.platformCustomerId })
      .from(cardTransactions)
      .innerJoin(customers, eq(customers.id, cardTransactions.customerId))
      .where(and(eq(cardTransactions.id, uuid), eq(cardTransactions.platformId, platformId)));
    if (r) return toCardTransaction(r.t, r.pcid);
  }
  throw notFound("CARD_TRANSACTION_NOT_FOUND", "Card transaction", id);
}
