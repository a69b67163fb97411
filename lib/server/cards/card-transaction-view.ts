import type { InferSelectModel } from "drizzle-orm";
import type { cardTransactions } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import { money } from "@/lib/server/money/currencies";
import type { CardTransaction } from "./card.contract";

export type CardTransactionRow = InferSelectModel<typeof cardTransactions>;

/** Grid's CardTransaction, with the cardholder's platformCustomerId (read with the row). */
export function toCardTransaction(r: CardTransactionRow, platformCustomerId: string): CardTransaction {
  const out: CardTransaction = {
    type: "CARD",
    id: formatId("CardTransaction", r.id),
    cardId: formatId("Card", r.cardId),
    customerId: formatId("Customer", r.customerId),
    platformCustomerId,
    issuerTransactionToken: r.issuerTransactionToken,
    status: r.status,
    direction: r.direction,
    merchant: r.merchant,
    authorizedAmount: money(r.authorizedAmount, r.currency),
    settledAmount: money(r.settledAmount, r.currency),
    refundedAmount: money(r.refundedAmount, r.currency),
    accountId: r.accountId ? formatId("InternalAccount", r.accountId) : "",
    pullSummary: { count: r.pullCount, totalAmount: Number(r.pullAmount), pendingCount: 0 },
    refundSummary: { count: r.refundCount, totalAmount: Number(r.refundedAmount) },
    settlementSummary: { count: r.settlementCount, totalAmount: Number(r.settledAmount) },
    authorizedAt: r.authorizedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.status === "DECLINED" && r.declineReason)
    out.declineReason = r.declineReason as CardTransaction["declineReason"];
  if (r.lastEventAt) out.lastEventAt = r.lastEventAt.toISOString();
  return out;
}
