import { z } from "zod";
import { defineOperation } from "@/lib/api-core/operation";
import { listResponse, paginationQuery } from "@/lib/api-core/pagination";
import { errorResponses } from "@/lib/api-core/common.contract";
import { currencyAmountSchema } from "@/lib/internal-accounts/internal-account.contract";
import { cardTransactionSchema } from "@/lib/cards/card.contract";

/** The failure reasons of the spec's Errors section; the removed ones (EXECUTION_FAILED_POST_DEBIT, SETTLEMENT_FAILED, TIMEOUT, MANUAL_REFUND) never appear. */
export const FAILURE_REASONS = [
  "QUOTE_EXECUTION_FAILED",
  "PAYOUT_RETURNED",
  "LIMIT_EXCEEDED",
  "ACCOUNT_CANNOT_RECEIVE",
  "ACCOUNT_INVALID",
  "COMPLIANCE_REJECTED",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Why a transaction is PENDING: the platform must approve it (agent policy), a compliance hold, or the customer must act (wallet signature). */
export const PENDING_REASONS = ["PENDING_PLATFORM_APPROVAL", "COMPLIANCE_HOLD", "AWAITING_CUSTOMER_ACTION"] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

const endpointSchema = z.object({
  accountId: z.string().optional().describe("InternalAccount:<uuid> or ExternalAccount:<uuid>; absent for sandbox funding"),
  accountType: z.enum(["INTERNAL_ACCOUNT", "EXTERNAL_ACCOUNT", "SANDBOX"]),
  currency: z.string(),
});

export const transactionSchema = z.object({
  id: z.string().describe("Transaction:<uuid>"),
  type: z.enum(["OUTGOING", "INCOMING"]),
  status: z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED", "REJECTED"]),
  pendingReason: z.enum(PENDING_REASONS).optional(),
  failureReason: z.enum(FAILURE_REASONS).optional(),
  rejectionReason: z.string().optional().describe("REJECTED: the reason the platform gave"),
  customerId: z.string().optional(),
  agentId: z.string().optional().describe("Set on agent-initiated transactions"),
  quoteId: z.string().optional(),
  source: endpointSchema,
  destination: endpointSchema,
  sentAmount: currencyAmountSchema.describe("Total debited from the source, fees included"),
  receivedAmount: currencyAmountSchema,
  exchangeRate: z.number(),
  fees: currencyAmountSchema.describe("All fees, in the sending currency"),
  platformFees: currencyAmountSchema.describe("The platform's part of the fees"),
  description: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  settledAt: z.string().optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** Either kind GET /transactions answers with: a transfer/funding transaction, or a card transaction (type CARD). */
export const anyTransactionSchema = z.union([transactionSchema, cardTransactionSchema]);

export const getTransactionOp = defineOperation({
  operationId: "getTransaction",
  method: "GET",
  path: "/transactions/{transactionId}",
  summary: "Get a transaction",
  tags: ["Transactions"],
  auth: "platform",
  params: z.object({ transactionId: z.string().max(100) }),
  responses: { 200: { description: "The transaction (a card transaction for a CardTransaction id)", schema: anyTransactionSchema }, ...errorResponses(401, 404) },
});

export const listTransactionsOp = defineOperation({
  operationId: "listTransactions",
  method: "GET",
  path: "/transactions",
  summary: "List transactions",
  tags: ["Transactions"],
  auth: "platform",
  query: paginationQuery.extend({
    customerId: z.string().max(100).optional(),
    accountId: z.string().max(100).optional().describe("Source or destination internal/external account"),
    status: z.enum(["PENDING", "PROCESSING", "COMPLETED", "FAILED", "REJECTED"]).optional(),
    type: z.enum(["CARD"]).optional().describe("CARD: card transactions only (absent: every kind, card transactions included)"),
    cardId: z.string().max(100).optional().describe("Card transactions of this card"),
    sortOrder: z.enum(["asc", "desc"]).default("desc"),
  }),
  responses: { 200: { description: "A page of transactions", schema: listResponse(anyTransactionSchema) }, ...errorResponses(400, 401) },
});

const decisionResponses = {
  200: { description: "The transaction: approved (then executed: COMPLETED or FAILED) or REJECTED", schema: transactionSchema },
  ...errorResponses(401, 404, 409),
};

export const approveTransactionOp = defineOperation({
  operationId: "approveTransaction",
  method: "POST",
  path: "/transactions/{transactionId}/approve",
  summary: "Approve an agent-initiated transaction pending platform approval",
  description: "409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL when it is not (already approved, rejected, or never pending). Of concurrent approve/reject calls exactly one wins.",
  tags: ["Agent Management"],
  auth: "platform",
  params: z.object({ transactionId: z.string().max(100) }),
  body: z.object({}).strict(),
  bodyOptional: true,
  responses: decisionResponses,
});

export const rejectTransactionOp = defineOperation({
  operationId: "rejectTransaction",
  method: "POST",
  path: "/transactions/{transactionId}/reject",
  summary: "Reject an agent-initiated transaction pending platform approval",
  tags: ["Agent Management"],
  auth: "platform",
  params: z.object({ transactionId: z.string().max(100) }),
  body: z.object({ reason: z.string().max(500).optional() }).strict(),
  bodyOptional: true,
  responses: decisionResponses,
});
