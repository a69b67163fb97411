import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { CRYPTO_NETWORKS } from "./on-chain";
import { currencyAmountSchema } from "@/lib/server/internal-accounts/internal-account.contract";
import { CARD_TRANSACTION_STATUSES, cardTransactionSchema } from "@/lib/server/cards/card.contract";

/** The failure reasons of the spec's Errors section; the removed ones (EXECUTION_FAILED_POST_DEBIT, SETTLEMENT_FAILED, TIMEOUT, MANUAL_REFUND) never appear. */
const FAILURE_REASONS = [
  "QUOTE_EXECUTION_FAILED",
  "PAYOUT_RETURNED",
  "LIMIT_EXCEEDED",
  "ACCOUNT_CANNOT_RECEIVE",
  "ACCOUNT_INVALID",
  "COMPLIANCE_REJECTED",
  "SCA_NOT_COMPLETED",
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
/**
 * Grid's IncomingTransactionFailureReason values an incoming transaction of this service can end with: the state
 * machine writes the outgoing reasons an incoming transfer fails with as Grid's incoming ones (transitions.ts
 * INCOMING_FAILURE; docs/protocol.md "Enumerations are Grid's").
 */
export type IncomingFailureReason = "QUOTE_EXECUTION_FAILED" | "COMPLIANCE_REJECTED" | "COLLECTION_FAILED";

/**
 * Why a transaction is PENDING: Grid's TransactionPendingReason only (compliance hold, customer action). The spec's
 * wait for the platform's approval is no pending reason of Grid's: it is `pendingAgentActionId` (docs/protocol.md).
 */
const PENDING_REASONS = [
  "COUNTERPARTY_DECLARATION_REQUIRED",
  "WALLET_VERIFICATION_REQUIRED",
  "COUNTERPARTY_INFORMATION_REQUIRED",
  "COMPLIANCE_REVIEW",
] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

/** Grid's TransactionStatus (the filter of the lists); this service produces only OutgoingTransactionStatus values. */
export const PAYMENT_STATUSES = [
  "CREATED",
  "PENDING",
  "PENDING_AUTHORIZATION",
  "PROCESSING",
  "COMPLETED",
  "REJECTED",
  "FAILED",
  "REFUNDED",
  "EXPIRED",
] as const;

/**
 * A list's status filter: Grid's TransactionStatus (values this service never produces match nothing) and, since card
 * transactions are listed among the transfers, Grid's CardTransactionStatus and our DECLINED. Each kind matches its own
 * status, so REFUNDED matches both.
 */
export const transactionStatusFilter = z.enum([
  ...PAYMENT_STATUSES,
  ...CARD_TRANSACTION_STATUSES.filter((s): s is Exclude<typeof s, "REFUNDED"> => s !== "REFUNDED"),
]);

const accountType = z
  .enum(["INTERNAL_ACCOUNT", "EXTERNAL_ACCOUNT", "SANDBOX"])
  .describe("Which kind of account (this service's addition)");

/** Grid's OnChainTransaction: the crypto transfer that settled a leg to or from an external crypto wallet. */
const onChainTransactionSchema = z
  .object({
    transactionHash: z.string().describe("The transfer's hash on its chain"),
    network: z.enum(CRYPTO_NETWORKS).describe("The chain (sandbox platforms: test networks)"),
  })
  .describe(
    "Set once the crypto transfer to or from an external wallet settled (replaces reconciliationInstructions.transactionHash for wallet transfers)",
  );

const umaAddressSchema = z.string().describe("The UMA address at the other VASP");

const transactionSourceSchema = z.discriminatedUnion("sourceType", [
  z.object({
    sourceType: z.literal("ACCOUNT"),
    accountId: z.string().describe("InternalAccount:<uuid> or ExternalAccount:<uuid>"),
    currency: z.string(),
    accountType,
    onChainTransaction: onChainTransactionSchema.optional(),
  }),
  z
    .object({ sourceType: z.literal("UMA_ADDRESS"), umaAddress: umaAddressSchema, currency: z.string() })
    .describe("An UMA payment from another VASP"),
  z
    .object({ sourceType: z.literal("REALTIME_FUNDING"), currency: z.string(), accountType })
    .describe("Sandbox funding"),
]);

const transactionDestinationSchema = z.discriminatedUnion("destinationType", [
  z.object({
    destinationType: z.literal("ACCOUNT"),
    accountId: z.string().describe("InternalAccount:<uuid> or ExternalAccount:<uuid>"),
    currency: z.string(),
    accountType,
    onChainTransaction: onChainTransactionSchema.optional(),
  }),
  z
    .object({ destinationType: z.literal("UMA_ADDRESS"), umaAddress: umaAddressSchema, currency: z.string() })
    .describe("An UMA payment to another VASP's receiver"),
]);

/** Grid's Transaction (IncomingTransaction / OutgoingTransaction, by `type`); amounts in the smallest unit. */
export const transactionSchema = z.object({
  id: z.string().describe("Transaction:<uuid>"),
  type: z.enum(["OUTGOING", "INCOMING"]),
  direction: z.enum(["CREDIT", "DEBIT"]).describe("INCOMING credits, OUTGOING debits the customer's account"),
  status: z
    .enum(["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED"])
    .describe(
      "Grid's OutgoingTransactionStatus values only. PENDING_AUTHORIZATION: its quote awaits SCA (POST /quotes/{quoteId}/authorize). " +
        "A transaction the platform rejected or cancelled is FAILED with rejectionReason",
    ),
  pendingReason: z.enum(PENDING_REASONS).optional(),
  pendingAgentActionId: z
    .string()
    .optional()
    .describe(
      "This service's addition: while PENDING for the platform's approval of an agent's transaction, the agent action it waits on " +
        "(AgentAction:<uuid>, decided by POST /transactions/{id}/approve or /reject, or the action's own approve/reject)",
    ),
  failureReason: z
    .enum([...FAILURE_REASONS, "COLLECTION_FAILED"])
    .optional()
    .describe(
      "Grid's OutgoingTransactionFailureReason on an OUTGOING transaction, its IncomingTransactionFailureReason (QUOTE_EXECUTION_FAILED, COMPLIANCE_REJECTED, COLLECTION_FAILED) on an INCOMING one",
    ),
  rejectionReason: z
    .string()
    .optional()
    .describe(
      "This service's addition: on a FAILED transaction the platform rejected (its reason, else REJECTED) or cancelled (its reason, else CANCELLED)",
    ),
  customerId: z.string().describe("Customer:<uuid>, or the Platform:<uuid> for the platform's own accounts"),
  platformCustomerId: z.string().describe("The platform's id of that customer (the platform id for its own accounts)"),
  agentId: z.string().optional().describe("Set on agent-initiated transactions"),
  quoteId: z.string().optional(),
  source: transactionSourceSchema,
  destination: transactionDestinationSchema,
  sentAmount: currencyAmountSchema.describe("Total debited from the source, fees included"),
  receivedAmount: currencyAmountSchema,
  exchangeRate: z.number(),
  fees: z.number().int().describe("All fees, smallest unit of the sending currency"),
  platformFees: z.number().int().describe("The platform's part of `fees`"),
  description: z.string().optional(),
  reconciliationInstructions: z
    .object({
      transactionHash: z
        .string()
        .optional()
        .describe(
          "Deprecated for wallet transfers (use onChainTransaction); remains the hash of an UMA payment's inter-VASP settlement leg",
        ),
    })
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  settledAt: z.string().optional(),
  receiptDeliveryConfirmedAt: z
    .string()
    .optional()
    .describe("When the platform confirmed delivering the receipt to its customer (POST /transactions/{id}/confirm)"),
});
export type Transaction = z.infer<typeof transactionSchema>;

const accountIdFilter = z.string().max(100).optional();
const instant = z.iso.datetime({ offset: true }).optional();

/** Grid's filters of GET /transactions (account identifiers are this service's account ids). */
const transactionFilters = paginationQuery.extend({
  customerId: z.string().max(100).optional(),
  platformCustomerId: z.string().max(256).optional(),
  accountId: accountIdFilter.describe("Source or destination internal/external account"),
  accountIdentifier: accountIdFilter.describe("Grid's name of accountId"),
  senderAccountIdentifier: accountIdFilter.describe("Source account id"),
  receiverAccountIdentifier: accountIdFilter.describe("Destination account id"),
  status: transactionStatusFilter.optional(),
  type: z
    .enum(["INCOMING", "OUTGOING", "CARD"])
    .optional()
    .describe(
      "CARD: card transactions only (listed among the others without it); INCOMING/OUTGOING: transfers by direction",
    ),
  cardId: z.string().max(100).optional().describe("Card transactions of this card"),
  reference: z
    .string()
    .max(256)
    .optional()
    .describe("Accepted; no transaction of this service carries a reference, so it matches none"),
  startDate: instant.describe("Created at or after (inclusive)"),
  endDate: instant.describe("Created at or before (inclusive)"),
  sortOrder: z.enum(["asc", "desc"]).default("desc"),
});
export type TransactionFilters = z.infer<typeof transactionFilters>;

/** Either kind GET /transactions answers with: a transfer/funding transaction, or a card transaction (type CARD). */
export const anyTransactionSchema = z.union([transactionSchema, cardTransactionSchema]);

export const getTransactionOp = defineOperation({
  operationId: "getTransaction",
  method: "GET",
  path: "/transactions/{transactionId}",
  summary: "Get a transaction",
  tags: ["Transactions"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: z.object({ transactionId: z.string().max(100) }),
  responses: {
    200: { description: "The transaction (a card transaction for a CardTransaction id)", schema: anyTransactionSchema },
    ...errorResponses(401, 404),
  },
});

export const listTransactionsOp = defineOperation({
  operationId: "listTransactions",
  method: "GET",
  path: "/transactions",
  summary: "List transactions",
  tags: ["Transactions"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: transactionFilters,
  responses: {
    200: { description: "A page of transactions", schema: listResponse(anyTransactionSchema) },
    ...errorResponses(400, 401),
  },
});

const decisionResponses = {
  200: {
    description:
      "The transaction: approved (then executed: COMPLETED, PENDING or FAILED) or rejected (FAILED with rejectionReason)",
    schema: transactionSchema,
  },
  ...errorResponses(400, 401, 404, 409),
};

export const approveTransactionOp = defineOperation({
  operationId: "approveTransaction",
  method: "POST",
  path: "/transactions/{transactionId}/approve",
  summary: "Approve an agent-initiated transaction pending platform approval",
  description:
    "409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL when it is not (already approved, rejected, or never pending). Of concurrent approve/reject calls exactly one wins.",
  tags: ["Agent Management"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
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
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ transactionId: z.string().max(100) }),
  body: z.object({ reason: z.string().max(500).optional() }).strict(),
  bodyOptional: true,
  responses: decisionResponses,
});

export const cancelTransactionOp = defineOperation({
  operationId: "cancelTransaction",
  method: "POST",
  path: "/transactions/{transactionId}/cancel",
  summary: "Cancel a bank transfer that has not settled",
  description:
    "Only a PENDING transaction whose source or destination is an external bank account can be cancelled: it becomes FAILED with `rejectionReason` (the given reason, or CANCELLED; Grid has no cancelled status), whatever it had posted to the ledger is reversed, and its FAILED event is written in the same database transaction. Other transaction kinds → 400 INVALID_INPUT; a settled, failed or already cancelled one → 409 TRANSACTION_NOT_CANCELLABLE. Of concurrent cancel/approve/reject calls exactly one wins.",
  tags: ["Transactions"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ transactionId: z.string().max(100) }),
  body: z
    .object({ reason: z.string().max(500).optional().describe("The platform's own reason, kept as rejectionReason") })
    .strict(),
  bodyOptional: true,
  responses: {
    200: { description: "The cancelled transaction (FAILED with rejectionReason)", schema: transactionSchema },
    ...errorResponses(400, 401, 404, 409),
  },
});

export const confirmReceiptDeliveryOp = defineOperation({
  operationId: "confirmReceiptDelivery",
  method: "POST",
  path: "/transactions/{transactionId}/confirm",
  summary: "Confirm receipt delivery",
  description:
    "Records when the platform delivered the transaction's receipt to its customer (`receiptDeliveryConfirmedAt`; the current time when omitted). Calling it again replaces the stored time. Any transaction of the platform, in any status.",
  tags: ["Transactions"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ transactionId: z.string().max(100) }),
  body: z.object({ receiptDeliveryConfirmedAt: z.iso.datetime({ offset: true }).optional() }).strict(),
  bodyOptional: true,
  responses: {
    200: { description: "The transaction with receiptDeliveryConfirmedAt", schema: transactionSchema },
    ...errorResponses(400, 401, 404),
  },
});
