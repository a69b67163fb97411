import type { WithSubquery } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { transactions, type quotes } from "@/db/schema";
import { assertAmountsBounded } from "@/lib/money/amount-bound";
import type { PendingReason } from "./transaction.contract";
import type { TransactionRow } from "./transaction-view";

export type NewTransaction = typeof transactions.$inferInsert;
/** The quote row, typed from the table so that transactions need not import the quotes area above it. */
type QuoteRow = typeof quotes.$inferSelect;

/** `before`: data-modifying CTEs run by the same statement (e.g. the insert of the quote the transaction executes). */
export async function insertTransaction(
  tx: Tx,
  values: NewTransaction,
  before: WithSubquery[] = [],
): Promise<TransactionRow> {
  assertAmountsBounded("amount", [
    values.sendingAmount,
    values.receivingAmount,
    values.feesAmount ?? 0n,
    values.platformFeesAmount ?? 0n,
    values.usdValueCents ?? 0n,
  ]);
  const [row] = await (before.length ? tx.with(...before) : tx).insert(transactions).values(values).returning();
  return row;
}

/** The transaction a quote creates on execution (its id was allocated with the quote). */
export function transactionFromQuote(
  q: QuoteRow,
  status: "PENDING" | "PENDING_AUTHORIZATION" | "PROCESSING",
  pendingReason: PendingReason | null = null,
): NewTransaction {
  return {
    id: q.transactionId,
    platformId: q.platformId,
    customerId: q.customerId,
    agentId: q.agentId,
    quoteId: q.id,
    kind: "TRANSFER",
    direction: "OUTGOING",
    status,
    pendingReason,
    sourceKind: q.sourceKind,
    sourceAccountId: q.sourceAccountId,
    destinationKind: q.destinationKind,
    destinationAccountId: q.destinationAccountId,
    counterpartyUmaAddress: q.counterpartyUmaAddress,
    sendingCurrency: q.sendingCurrency,
    sendingAmount: q.totalSendingAmount,
    receivingCurrency: q.receivingCurrency,
    receivingAmount: q.totalReceivingAmount,
    exchangeRate: q.exchangeRate,
    feesAmount: q.feesIncluded,
    platformFeesAmount: q.platformFeesIncluded,
    usdValueCents: q.usdValueCents,
    description: q.description,
  };
}
