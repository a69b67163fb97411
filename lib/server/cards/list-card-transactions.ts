import { and, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cardTransactions, customers } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { mergedPart, type MergedPart } from "@/db/list-page";
import { parseId } from "@/lib/shared/ids";
import { CARD_TRANSACTION_STATUSES, type CardTransaction } from "./card.contract";
import { toCardTransaction } from "./card-transaction-view";

/** GET /transactions' filters as the card transactions read them (ids already known to be well formed or absent). */
export interface CardFilters {
  customerUuid?: string;
  platformCustomerId?: string;
  /** The funding account: on either side, or as the sender (a DEBIT pulls from it) or the receiver (a CREDIT). */
  accountUuid?: string;
  accountSide?: "either" | "source" | "destination";
  cardUuid?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
}

const isCardStatus = (s: string) => (CARD_TRANSACTION_STATUSES as readonly string[]).includes(s);

/**
 * The card transactions' share of GET /transactions (merged there with the transfers, one cursor over both): a
 * platform's card transactions in id order under the filters, or null when the filters leave none (a status only
 * transfers have). Pages by `card_transactions_platform_idx` (platform_id, id), or the card's or account's index.
 */
export function cardTransactionsPart(
  db: DbOrTx,
  platformId: string,
  q: CardFilters,
): MergedPart<CardTransaction> | null {
  if (q.status !== undefined && !isCardStatus(q.status)) return null;
  const where: SQL[] = [eq(cardTransactions.platformId, platformId)];
  if (q.customerUuid) where.push(eq(cardTransactions.customerId, q.customerUuid));
  if (q.platformCustomerId !== undefined) {
    const owner = db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.platformId, platformId), eq(customers.platformCustomerId, q.platformCustomerId)));
    where.push(inArray(cardTransactions.customerId, owner));
  }
  if (q.accountUuid) where.push(eq(cardTransactions.accountId, q.accountUuid));
  if (q.accountSide === "source") where.push(eq(cardTransactions.direction, "DEBIT"));
  if (q.accountSide === "destination") where.push(eq(cardTransactions.direction, "CREDIT"));
  if (q.cardUuid) where.push(eq(cardTransactions.cardId, q.cardUuid));
  if (q.status) where.push(eq(cardTransactions.status, q.status as never));
  if (q.startDate) where.push(gte(cardTransactions.createdAt, new Date(q.startDate)));
  if (q.endDate) where.push(lte(cardTransactions.createdAt, new Date(q.endDate)));
  return mergedPart(
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

/**
 * GET /transactions/{id} for a CardTransaction id (for an agent, of its customer only); 404 CARD_TRANSACTION_NOT_FOUND
 * (also for another tenant's).
 */
export async function getCardTransaction(
  db: DbOrTx,
  platformId: string,
  id: string,
  customerScope?: string,
): Promise<CardTransaction> {
  const uuid = parseId("CardTransaction", id);
  if (uuid) {
    const where = [eq(cardTransactions.id, uuid), eq(cardTransactions.platformId, platformId)];
    if (customerScope) where.push(eq(cardTransactions.customerId, customerScope));
    const [r] = await db
      .select({ t: cardTransactions, pcid: customers.platformCustomerId })
      .from(cardTransactions)
      .innerJoin(customers, eq(customers.id, cardTransactions.customerId))
      .where(and(...where));
    if (r) return toCardTransaction(r.t, r.pcid);
  }
  throw notFound("CARD_TRANSACTION_NOT_FOUND", "Card transaction", id);
}
