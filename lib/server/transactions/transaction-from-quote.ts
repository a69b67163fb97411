import type { quotes } from "@/db/schema";
import type { NewTransaction } from "./transitions";

/** The quote row, typed from the table so that transactions need not import the quotes area above it. */
type QuoteRow = typeof quotes.$inferSelect;

/**
 * The transaction a quote creates on execution (its id was allocated with the quote); its status is the entry's
 * (transitions.ts ENTRIES), written by the state machine.
 */
export function transactionFromQuote(q: QuoteRow): Omit<NewTransaction, "status" | "approval"> {
  return {
    id: q.transactionId,
    platformId: q.platformId,
    customerId: q.customerId,
    agentId: q.agentId,
    quoteId: q.id,
    kind: "TRANSFER",
    direction: "OUTGOING",
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
