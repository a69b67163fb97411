import { inArray, type InferSelectModel } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, type AccountKind, type transactions } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import { money } from "@/lib/server/money/currencies";
import type { CryptoNetwork } from "./on-chain";
import type { PendingReason, Transaction } from "./transaction.contract";

export type TransactionRow = InferSelectModel<typeof transactions>;

function accountView(kind: AccountKind, uuid: string, currency: string) {
  return kind === "INTERNAL"
    ? { accountId: formatId("InternalAccount", uuid), accountType: "INTERNAL_ACCOUNT" as const, currency }
    : { accountId: formatId("ExternalAccount", uuid), accountType: "EXTERNAL_ACCOUNT" as const, currency };
}

/** Grid's source: an account, an UMA sender, or (sandbox funding, which has no account) REALTIME_FUNDING. */
function sourceView(r: TransactionRow): Transaction["source"] {
  if (r.sourceKind === "UMA")
    return { sourceType: "UMA_ADDRESS", umaAddress: r.counterpartyUmaAddress ?? "", currency: r.sendingCurrency };
  if (r.sourceKind === "SANDBOX" || !r.sourceAccountId)
    return { sourceType: "REALTIME_FUNDING", currency: r.sendingCurrency, accountType: "SANDBOX" };
  return { sourceType: "ACCOUNT", ...accountView(r.sourceKind, r.sourceAccountId, r.sendingCurrency) };
}

/** Grid's destination: an account (a wallet payout with its onChainTransaction once settled) or an UMA receiver. */
function destinationView(r: TransactionRow): Transaction["destination"] {
  if (r.destinationKind === "UMA")
    return {
      destinationType: "UMA_ADDRESS",
      umaAddress: r.counterpartyUmaAddress ?? "",
      currency: r.receivingCurrency,
    };
  const out: Transaction["destination"] = {
    destinationType: "ACCOUNT",
    ...accountView(r.destinationKind, r.destinationAccountId ?? "", r.receivingCurrency),
  };
  if (r.onChainTransactionHash && r.onChainNetwork) {
    out.onChainTransaction = { transactionHash: r.onChainTransactionHash, network: r.onChainNetwork as CryptoNetwork };
  }
  return out;
}

/** The customer a transaction belongs to, in Grid's two forms; the platform itself for its own accounts. */
export interface TransactionOwner {
  customerId: string;
  platformCustomerId: string;
}

export function toTransaction(r: TransactionRow, owner: TransactionOwner): Transaction {
  const out: Transaction = {
    id: formatId("Transaction", r.id),
    type: r.direction,
    direction: r.direction === "INCOMING" ? "CREDIT" : "DEBIT",
    status: r.status,
    customerId: owner.customerId,
    platformCustomerId: owner.platformCustomerId,
    source: sourceView(r),
    destination: destinationView(r),
    sentAmount: money(r.sendingAmount, r.sendingCurrency),
    receivedAmount: money(r.receivingAmount, r.receivingCurrency),
    exchangeRate: Number(r.exchangeRate),
    fees: Number(r.feesAmount),
    platformFees: Number(r.platformFeesAmount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.status === "PENDING" && r.pendingReason) out.pendingReason = r.pendingReason as PendingReason;
  if (r.status === "FAILED" && r.failureReason) out.failureReason = r.failureReason as Transaction["failureReason"];
  // Enumerations are Grid's (docs/protocol.md): the platform's approval and its rejection are fields of our own.
  if (r.status === "PENDING" && r.approval === "PENDING") out.pendingAgentActionId = formatId("AgentAction", r.id);
  if (r.status === "FAILED" && (r.rejectionReason || r.approval === "REJECTED"))
    out.rejectionReason = r.rejectionReason ?? "REJECTED";
  if (r.agentId) out.agentId = formatId("Agent", r.agentId);
  if (r.quoteId) out.quoteId = formatId("Quote", r.quoteId);
  if (r.description) out.description = r.description;
  if (r.settledAt) out.settledAt = r.settledAt.toISOString();
  if (r.receiptDeliveryConfirmedAt) out.receiptDeliveryConfirmedAt = r.receiptDeliveryConfirmedAt.toISOString();
  if (r.settlementTransactionHash) out.reconciliationInstructions = { transactionHash: r.settlementTransactionHash };
  return out;
}

/** Transactions as the API shows them, with their customers' platformCustomerId (one query for the lot). */
export async function transactionViews(db: DbOrTx, rows: TransactionRow[]): Promise<Transaction[]> {
  const ids = [...new Set(rows.map((r) => r.customerId).filter((id): id is string => id !== null))];
  const owners = new Map<string, string>();
  if (ids.length > 0) {
    const found = await db
      .select({ id: customers.id, platformCustomerId: customers.platformCustomerId })
      .from(customers)
      .where(inArray(customers.id, ids));
    for (const c of found) owners.set(c.id, c.platformCustomerId);
  }
  return rows.map((r) => {
    if (r.customerId)
      return toTransaction(r, {
        customerId: formatId("Customer", r.customerId),
        platformCustomerId: owners.get(r.customerId) ?? "",
      });
    const platform = formatId("Platform", r.platformId);
    return toTransaction(r, { customerId: platform, platformCustomerId: platform });
  });
}

export async function transactionView(db: DbOrTx, row: TransactionRow): Promise<Transaction> {
  const [view] = await transactionViews(db, [row]);
  return view;
}
