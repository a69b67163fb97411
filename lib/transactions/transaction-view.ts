import type { InferSelectModel } from "drizzle-orm";
import type { AccountKind, transactions } from "@/db/schema";
import { formatId } from "@/lib/ids";
import { money } from "@/lib/money/currencies";
import type { FailureReason, PendingReason, Transaction } from "./transaction.contract";

export type TransactionRow = InferSelectModel<typeof transactions>;

export function endpointView(kind: AccountKind, uuid: string | null, currency: string) {
  if (kind === "SANDBOX" || !uuid) return { accountType: "SANDBOX" as const, currency };
  return kind === "INTERNAL"
    ? { accountId: formatId("InternalAccount", uuid), accountType: "INTERNAL_ACCOUNT" as const, currency }
    : { accountId: formatId("ExternalAccount", uuid), accountType: "EXTERNAL_ACCOUNT" as const, currency };
}

export function toTransaction(r: TransactionRow): Transaction {
  const out: Transaction = {
    id: formatId("Transaction", r.id),
    type: r.direction,
    status: r.status,
    source: endpointView(r.sourceKind, r.sourceAccountId, r.sendingCurrency),
    destination: endpointView(r.destinationKind, r.destinationAccountId, r.receivingCurrency),
    sentAmount: money(r.sendingAmount, r.sendingCurrency),
    receivedAmount: money(r.receivingAmount, r.receivingCurrency),
    exchangeRate: Number(r.exchangeRate),
    fees: money(r.feesAmount, r.sendingCurrency),
    platformFees: money(r.platformFeesAmount, r.sendingCurrency),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.status === "PENDING" && r.pendingReason) out.pendingReason = r.pendingReason as PendingReason;
  if (r.status === "FAILED" && r.failureReason) out.failureReason = r.failureReason as FailureReason;
  if (r.status === "REJECTED" && r.rejectionReason) out.rejectionReason = r.rejectionReason;
  if (r.customerId) out.customerId = formatId("Customer", r.customerId);
  if (r.agentId) out.agentId = formatId("Agent", r.agentId);
  if (r.quoteId) out.quoteId = formatId("Quote", r.quoteId);
  if (r.description) out.description = r.description;
  if (r.settledAt) out.settledAt = r.settledAt.toISOString();
  return out;
}
