import { and, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { customers, transactions } from "@/db/schema";
import { mergedPageOf, mergedPart, type MergedPart } from "@/db/list-page";
import { emptyPage, type Page } from "@/lib/server/core/pagination";
import { parseId } from "@/lib/shared/ids";
import type { CardTransaction } from "@/lib/server/cards/card.contract";
import { type CardFilters, cardTransactionsPart } from "@/lib/server/cards/list-card-transactions";
import { PAYMENT_STATUSES, type Transaction, type TransactionFilters } from "./transaction.contract";
import { transactionViews } from "./transaction-view";

type AnyTransaction = Transaction | CardTransaction;
type Filters = Partial<Omit<TransactionFilters, "limit" | "sortOrder">> &
  Pick<TransactionFilters, "limit" | "sortOrder">;
type Side = "either" | "source" | "destination";

/** The filters as ids of rows, or null when a filter names nothing that exists (an unknown or foreign id, a reference). */
function resolve(q: Filters) {
  if (q.reference !== undefined) return null;
  const customerUuid = q.customerId === undefined ? undefined : parseId("Customer", q.customerId);
  const cardUuid = q.cardId === undefined ? undefined : parseId("Card", q.cardId);
  if (customerUuid === null || cardUuid === null) return null;
  const accounts: { id: string; side: Side; internal: boolean }[] = [];
  for (const [id, side] of [
    [q.accountId ?? q.accountIdentifier, "either"],
    [q.senderAccountIdentifier, "source"],
    [q.receiverAccountIdentifier, "destination"],
  ] as const) {
    if (id === undefined) continue;
    const internal = parseId("InternalAccount", id);
    const acc = internal ?? parseId("ExternalAccount", id);
    if (!acc) return null;
    accounts.push({ id: acc, side, internal: internal !== null });
  }
  return { customerUuid, cardUuid, accounts };
}

type Resolved = NonNullable<ReturnType<typeof resolve>>;

/** The transfers' share of the list, or null when the filters leave none (type CARD, a card, a card-only status). */
function paymentsPart(db: DbOrTx, platformId: string, q: Filters, r: Resolved, customerScope?: string) {
  if (q.type === "CARD" || r.cardUuid !== undefined) return null;
  if (q.status !== undefined && !(PAYMENT_STATUSES as readonly string[]).includes(q.status)) return null;
  const where: SQL[] = [eq(transactions.platformId, platformId)];
  if (customerScope) where.push(eq(transactions.customerId, customerScope));
  if (r.customerUuid) where.push(eq(transactions.customerId, r.customerUuid));
  if (q.platformCustomerId !== undefined) {
    const owner = db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.platformId, platformId), eq(customers.platformCustomerId, q.platformCustomerId)));
    where.push(inArray(transactions.customerId, owner));
  }
  for (const { id, side } of r.accounts) {
    if (side === "source") where.push(eq(transactions.sourceAccountId, id));
    else if (side === "destination") where.push(eq(transactions.destinationAccountId, id));
    else where.push(sql`(${eq(transactions.sourceAccountId, id)} or ${eq(transactions.destinationAccountId, id)})`);
  }
  if (q.status) where.push(eq(transactions.status, q.status as never));
  if (q.type) where.push(eq(transactions.direction, q.type));
  if (q.startDate) where.push(gte(transactions.createdAt, new Date(q.startDate)));
  if (q.endDate) where.push(lte(transactions.createdAt, new Date(q.endDate)));
  return mergedPart<typeof transactions.$inferSelect, AnyTransaction>(
    {
      id: transactions.id,
      rows: (after, order, limit) =>
        db
          .select()
          .from(transactions)
          .where(and(...where, after))
          .orderBy(order)
          .limit(limit),
      count: () => db.$count(transactions, and(...where)),
      idOf: (row) => row.id,
    },
    (rows) => transactionViews(db, rows),
  );
}

/** The card transactions' share, or null (type INCOMING/OUTGOING; an external account, which funds no card). */
function cardsPart(db: DbOrTx, platformId: string, q: Filters, r: Resolved, customerScope?: string) {
  if (q.type === "INCOMING" || q.type === "OUTGOING") return null;
  if (r.accounts.some((a) => !a.internal)) return null;
  // Two account filters on one card transaction: they name its one funding account, each on its side.
  const ids = new Set(r.accounts.map((a) => a.id));
  const sides = new Set(r.accounts.map((a) => a.side).filter((s) => s !== "either"));
  if (ids.size > 1 || sides.size > 1) return null;
  if (customerScope && r.customerUuid && customerScope !== r.customerUuid) return null;
  const filters: CardFilters = {
    customerUuid: customerScope ?? r.customerUuid,
    platformCustomerId: q.platformCustomerId,
    accountUuid: r.accounts[0]?.id,
    accountSide: [...sides][0] ?? "either",
    cardUuid: r.cardUuid,
    status: q.status,
    startDate: q.startDate,
    endDate: q.endDate,
  };
  return cardTransactionsPart(db, platformId, filters) as MergedPart<AnyTransaction> | null;
}

/**
 * GET /transactions with Grid's filters: the transfers and the card transactions (type CARD) as one list, in id order
 * under one cursor, every filter applied to both kinds (docs/protocol.md "Cards and card transactions"). An unknown or
 * foreign id filters to nothing, like an id that does not exist. An agent's list (customerScope) is its customer's.
 */
export async function listTransactions(
  platformId: string,
  q: Filters,
  customerScope?: string,
): Promise<Page<AnyTransaction>> {
  const r = resolve(q);
  if (!r) return emptyPage();
  const db = await getDb();
  const parts = [paymentsPart(db, platformId, q, r, customerScope), cardsPart(db, platformId, q, r, customerScope)];
  const live = parts.filter((p) => p !== null);
  return live.length ? mergedPageOf(q, live) : emptyPage();
}
