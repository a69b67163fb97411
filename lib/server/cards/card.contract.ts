import {
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";
import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent, eventOf } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { currencyAmountSchema } from "@/lib/server/internal-accounts/internal-account.contract";

/** Cards (Grid's Card, CardCreateRequest, CardUpdateRequest, CardRevealResponse; docs/protocol.md "Cards"). */
export const CARD_STATES = ["PENDING_KYC", "PROCESSING", "ACTIVE", "FROZEN", "CLOSED"] as const;
const idList = z.array(z.string().max(100)).min(1).max(10);

const cardSchema = z.object({
  id: z.string().describe("Card:<uuid>"),
  cardholderId: z.string().describe("Customer:<uuid>"),
  platformCardId: z.string().optional(),
  state: z.enum(CARD_STATES),
  stateReason: z.enum(["ISSUER_REJECTED", "CLOSED_BY_PLATFORM", "CLOSED_BY_GRID"]).nullable().optional(),
  brand: z.enum(["VISA", "MASTERCARD"]).optional(),
  form: z.enum(["VIRTUAL"]),
  last4: z.string().optional(),
  expMonth: z.number().int().min(1).max(12).optional(),
  expYear: z.number().int().optional(),
  fundingSources: z.array(z.string()).describe("InternalAccount ids in priority order"),
  maxSpendPerTransaction: z.number().int().min(1).nullable(),
  currency: z.string().optional(),
  processorRef: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

const cardCreateSchema = z
  .object({
    cardholderId: z.string().max(100),
    platformCardId: z.string().min(1).max(256).optional(),
    threeDSecurePassword: z.string().min(8).max(64).optional(),
    form: z.enum(["VIRTUAL"]),
    fundingSources: idList,
    maxSpendPerTransaction: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type CardCreate = z.infer<typeof cardCreateSchema>;

const cardUpdateSchema = z
  .object({
    state: z.enum(["ACTIVE", "FROZEN", "CLOSED"]).optional(),
    fundingSources: idList.optional(),
    maxSpendPerTransaction: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  })
  .strict()
  .refine((b) => b.state !== undefined || b.fundingSources !== undefined || b.maxSpendPerTransaction !== undefined, {
    message: "Supply at least one of state, fundingSources, maxSpendPerTransaction",
  })
  .refine((b) => b.state !== "CLOSED" || (b.fundingSources === undefined && b.maxSpendPerTransaction === undefined), {
    message: "state CLOSED cannot be combined with fundingSources or maxSpendPerTransaction",
    path: ["state"],
  });
export type CardUpdate = z.infer<typeof cardUpdateSchema>;

const cardRevealSchema = z.object({
  panEmbedUrl: z.string().describe("Single-use URL on this service showing the number and CVV; valid until expiresAt"),
  expiresAt: z.string(),
});

const cardIdParams = z.object({ id: z.string().max(100) });
const tags = ["Cards"];

export const createCardOp = defineOperation({
  operationId: "createCard",
  method: "POST",
  path: "/cards",
  summary: "Issue a card",
  description:
    "The cardholder must be KYC APPROVED (else 400 CARDHOLDER_KYC_NOT_APPROVED); every funding source must be an active internal account of the cardholder in one card-eligible currency (else 400 FUNDING_SOURCE_INELIGIBLE). Sandbox: the last three characters of platformCardId (without one, none: the service's own ids never pick an outcome) decide issuance — 001 stays PROCESSING, 002 is CLOSED/ISSUER_REJECTED, 003 is 400 FUNDING_SOURCE_INELIGIBLE, any other activates at once. 501 where no card processor is configured.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: cardCreateSchema,
  responses: {
    201: { description: "The card", schema: cardSchema },
    ...errorResponses(400, 401, 404, 409),
    501: { description: "No card processor in this environment" },
  },
});

export const listCardsOp = defineOperation({
  operationId: "listCards",
  method: "GET",
  path: "/cards",
  summary: "List cards",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    cardholderId: z.string().max(100).optional(),
    accountId: z.string().max(100).optional().describe("Cards whose fundingSources contain this internal account"),
    platformCardId: z.string().max(256).optional(),
    state: z.enum(CARD_STATES).optional(),
    sortOrder: z.enum(["asc", "desc"]).default("desc"),
  }),
  responses: { 200: { description: "A page of cards", schema: listResponse(cardSchema) }, ...errorResponses(400, 401) },
});

export const getCardOp = defineOperation({
  operationId: "getCardById",
  method: "GET",
  path: "/cards/{id}",
  summary: "Get a card",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: cardIdParams,
  responses: { 200: { description: "The card", schema: cardSchema }, ...errorResponses(401, 404) },
});

export const updateCardOp = defineOperation({
  operationId: "updateCardById",
  method: "PATCH",
  path: "/cards/{id}",
  summary: "Update a card (freeze/unfreeze, close, funding sources, limit)",
  description:
    "Answers 200 directly. State moves ACTIVE ⇄ FROZEN and ACTIVE | FROZEN → CLOSED (409 INVALID_STATE_TRANSITION otherwise; 409 CARD_ALREADY_CLOSED / CARD_NOT_MUTABLE on a closed card). Emits CARD.STATE_CHANGE and CARD.FUNDING_SOURCE_CHANGE.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: cardIdParams,
  body: cardUpdateSchema,
  responses: { 200: { description: "The updated card", schema: cardSchema }, ...errorResponses(400, 401, 404, 409) },
});

export const revealCardOp = defineOperation({
  operationId: "revealCard",
  method: "POST",
  path: "/cards/{id}/reveal",
  summary: "Reveal card details",
  description:
    "Mints a single-use URL on this service, valid at most 5 minutes, whose page shows the number, CVV and expiry (Cache-Control: no-store; framed only by the platform's origins). The PAN never appears in an API body. On the platform credential alone it answers 200 at once (Grid's), SCA-railed: a cardholder in an SCA region (EEA/CH/UK) needs a live SCA session, else 409 SCA_SESSION_REQUIRED. Our addition: body {walletSigned: true} asks for the reveal under the cardholder's wallet signature: the first call answers 202 (signed retry, signed by an active session of the card's EMBEDDED_WALLET funding source; 409 CONFLICT when it has none) and the signed retry answers the URL; nothing of it is stored, so an identical re-send mints a fresh URL.",
  tags,
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: cardIdParams,
  bodyOptional: true,
  body: z
    .object({
      walletSigned: z
        .boolean()
        .optional()
        .describe(
          "Our addition: true asks for the reveal under the cardholder's wallet signature (signed retry); omitted, the platform credential alone answers",
        ),
    })
    .strict(),
  headers: signedRetryHeaders,
  responses: {
    ...signedRetryResponses({
      200: {
        description: "The reveal URL, or PROCESSING for a signed reveal (re-send the identical request)",
        schema: z.union([cardRevealSchema, processingSchema]),
      },
    }),
    ...errorResponses(401, 403, 404, 409),
  },
});

/** Grid's CardTransaction; DECLINED and declineReason record refused authorizations (our addition). */
export const CARD_TRANSACTION_STATUSES = [
  "AUTHORIZED",
  "PARTIALLY_SETTLED",
  "SETTLED",
  "REFUNDED",
  "EXCEPTION",
  "DECLINED",
] as const;
export const DECLINE_REASONS = [
  "INSUFFICIENT_FUNDS",
  "CARD_PAUSED",
  "CARD_CLOSED",
  "CARD_NOT_ACTIVE",
  "LIMIT_EXCEEDED",
] as const;

export const cardMerchantSchema = z.object({
  descriptor: z.string().min(1).max(200),
  mcc: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

const summary = z.object({ count: z.number().int(), totalAmount: z.number().int() });

export const cardTransactionSchema = z.object({
  type: z.literal("CARD"),
  id: z.string().describe("CardTransaction:<uuid>"),
  cardId: z.string(),
  customerId: z.string(),
  platformCustomerId: z.string(),
  issuerTransactionToken: z.string(),
  status: z.enum(CARD_TRANSACTION_STATUSES),
  declineReason: z.enum(DECLINE_REASONS).optional(),
  direction: z.enum(["DEBIT", "CREDIT"]),
  merchant: cardMerchantSchema,
  authorizedAmount: currencyAmountSchema,
  settledAmount: currencyAmountSchema.optional(),
  refundedAmount: currencyAmountSchema.optional(),
  accountId: z.string().describe("The internal account that funded it (empty when declined before one was chosen)"),
  pullSummary: summary.extend({ pendingCount: z.number().int() }),
  refundSummary: summary,
  settlementSummary: summary,
  authorizedAt: z.string(),
  lastEventAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

export const cardStateChangeEvent = defineEvent("CARD.STATE_CHANGE", cardSchema, "A card's state changed");
export const cardFundingSourceChangeEvent = defineEvent(
  "CARD.FUNDING_SOURCE_CHANGE",
  cardSchema,
  "A card's funding sources changed",
);
const cardTransactionEvents = {
  AUTHORIZED: defineEvent("CARD_TRANSACTION.AUTHORIZED", cardTransactionSchema, "A card transaction was authorized"),
  PARTIALLY_SETTLED: defineEvent(
    "CARD_TRANSACTION.PARTIALLY_SETTLED",
    cardTransactionSchema,
    "A card transaction partially settled",
  ),
  SETTLED: defineEvent("CARD_TRANSACTION.SETTLED", cardTransactionSchema, "A card transaction settled"),
  REFUNDED: defineEvent("CARD_TRANSACTION.REFUNDED", cardTransactionSchema, "A card transaction was refunded"),
  EXCEPTION: defineEvent("CARD_TRANSACTION.EXCEPTION", cardTransactionSchema, "A card transaction needs attention"),
};
export const cardEvents = [cardStateChangeEvent, cardFundingSourceChangeEvent, ...Object.values(cardTransactionEvents)];

/** The event of a card transaction's status (spec Events: CARD_TRANSACTION.*); DECLINED has none. */
export function cardTransactionEvent(status: (typeof CARD_TRANSACTION_STATUSES)[number]) {
  return eventOf<string, (typeof cardTransactionEvents)[keyof typeof cardTransactionEvents]>(
    cardTransactionEvents,
    status,
    "card transaction",
  );
}
