import { and, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cardTransactions, customers } from "@/db/schema";
import { notFound } from "@/lib/api-core/errors";
import type { Page } from "@/lib/api-core/pagination";
import { pageOf } from "@/db/list-page";
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

/** GET /transactions?type=CARD (or cardId): a page of card transactions, with Grid's totalCount (db/list-page.ts). */
export async function listCardTransactions(
  db: DbOrTx,
  platformId: string,
  q: CardFilters & { limit: number; cursor?: string; sortOrder: "asc" | "desc" },
): Promise<Page<CardTransaction>> {
  const where = cardWhere(platformId, q);
  return pageOf(
    q,
    {
      id: cardTransactions.id,
      rows: (after, order, limit) =>
        db
          .select({ t: cardTransactions, pcid: customers.platformCustomerId })
          .from(cardTransactions)
          .innerJoin(customers, eq(customers.id, cardTransactions.customerId))
          .where(and(...where, after))
          .orderBy(order)
          .limit(limit),
      count: () => db.$count(cardTransactions, and(...where)),
      idOf: (r) => r.t.id,
    },
    (rows) => rows.map((r) => toCardTransaction(r.t, r.pcid)),
  );
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
