/**
 * Grid's transactions (components TransactionOneOf → IncomingTransaction / OutgoingTransaction over Transaction,
 * TransactionSourceOneOf, TransactionDestinationOneOf, TransactionListResponse). OutgoingTransaction's status is
 * Grid's OutgoingTransactionStatus (narrower than TransactionStatus).
 */
import { z } from "zod";
import { gridList, isoDateTime } from "./common";
import { gridCurrencyAmount, gridPaymentRail } from "./money";

const gridTransactionStatus = z.enum([
  "CREATED",
  "PENDING",
  "PENDING_AUTHORIZATION",
  "PROCESSING",
  "COMPLETED",
  "REJECTED",
  "FAILED",
  "REFUNDED",
  "EXPIRED",
]);
export const gridOutgoingTransactionStatus = z.enum([
  "PENDING",
  "PENDING_AUTHORIZATION",
  "EXPIRED",
  "PROCESSING",
  "COMPLETED",
  "FAILED",
]);
const gridPendingReason = z.enum([
  "COUNTERPARTY_DECLARATION_REQUIRED",
  "WALLET_VERIFICATION_REQUIRED",
  "COUNTERPARTY_INFORMATION_REQUIRED",
  "COMPLIANCE_REVIEW",
]);
export const gridOutgoingFailureReason = z.enum([
  "QUOTE_EXPIRED",
  "QUOTE_RATE_UNAVAILABLE",
  "QUOTE_EXECUTION_FAILED",
  "FUNDING_AMOUNT_MISMATCH",
  "SCA_NOT_COMPLETED",
  "PAYOUT_RETURNED",
  "LIMIT_EXCEEDED",
  "ACCOUNT_CANNOT_RECEIVE",
  "ACCOUNT_INVALID",
  "COMPLIANCE_REJECTED",
  "LIGHTNING_PAYMENT_FAILED",
  "COUNTERPARTY_POST_TX_FAILED",
]);
export const gridIncomingFailureReason = z.enum([
  "LNURLP_FAILED",
  "PAY_REQUEST_FAILED",
  "PAYMENT_APPROVAL_WEBHOOK_ERROR",
  "PAYMENT_APPROVAL_TIMED_OUT",
  "OFFRAMP_FAILED",
  "MISSING_MANDATORY_PAYEE_DATA",
  "QUOTE_EXPIRED",
  "QUOTE_EXECUTION_FAILED",
  "COMPLIANCE_REJECTED",
  "COLLECTION_FAILED",
]);

const gridTransactionSource = z.discriminatedUnion("sourceType", [
  z.object({ sourceType: z.literal("ACCOUNT"), accountId: z.string(), currency: z.string().optional() }),
  z.object({ sourceType: z.literal("UMA_ADDRESS"), umaAddress: z.string(), currency: z.string().optional() }),
  z.object({
    sourceType: z.literal("REALTIME_FUNDING"),
    currency: z.string(),
    customerId: z.string().optional(),
    paymentRail: gridPaymentRail.optional(),
  }),
]);

const gridTransactionDestination = z.discriminatedUnion("destinationType", [
  z.object({ destinationType: z.literal("ACCOUNT"), accountId: z.string(), currency: z.string().optional() }),
  z.object({ destinationType: z.literal("UMA_ADDRESS"), umaAddress: z.string(), currency: z.string().optional() }),
]);

const transactionBase = {
  id: z.string(),
  pendingReason: gridPendingReason.optional(),
  direction: z.enum(["CREDIT", "DEBIT"]),
  destination: gridTransactionDestination,
  customerId: z.string(),
  platformCustomerId: z.string(),
  settledAt: isoDateTime.optional(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
  agentId: z.string().optional(),
  description: z.string().optional(),
  exchangeRate: z.number().positive().optional(),
  quoteId: z.string().optional(),
  counterpartyInformation: z.record(z.string(), z.unknown()).optional(),
};

const gridIncomingTransaction = z.object({
  ...transactionBase,
  type: z.literal("INCOMING"),
  status: gridTransactionStatus,
  source: gridTransactionSource.optional(),
  sentAmount: gridCurrencyAmount.optional(),
  receivedAmount: gridCurrencyAmount,
  fees: z.number().int().min(0).optional(),
  failureReason: gridIncomingFailureReason.optional(),
});

const gridOutgoingTransaction = z.object({
  ...transactionBase,
  type: z.literal("OUTGOING"),
  status: gridOutgoingTransactionStatus,
  source: gridTransactionSource,
  sentAmount: gridCurrencyAmount,
  receivedAmount: gridCurrencyAmount.optional(),
  fees: z.number().int().min(0).optional(),
  platformFees: z.number().int().min(0).optional(),
  failureReason: gridOutgoingFailureReason.optional(),
  paymentRail: gridPaymentRail.nullable().optional(),
});

export const gridTransaction = z.discriminatedUnion("type", [gridIncomingTransaction, gridOutgoingTransaction]);
export const gridTransactionList = gridList(gridTransaction).extend({ totalCount: z.number().int() });
