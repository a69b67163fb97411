import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { cardMerchantSchema, cardTransactionSchema } from "./card.contract";

/**
 * Grid's /sandbox/cards/{id}/simulate/* operations: each answers 202 with the card transaction it made or moved, Grid's
 * `issuerTransactionToken` among its fields (docs/protocol.md "Cards").
 */
const amount = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const txnId = z.string().max(100).describe("CardTransaction:<uuid>");

/** Grid's Currency object: the code decides; name, symbol and decimals are accepted as Grid's client sends them, and not used. */
const simCurrency = z
  .object({
    code: z.string().max(10),
    name: z.string().max(100).optional(),
    symbol: z.string().max(10).optional(),
    decimals: z.number().int().min(0).max(18).optional(),
  })
  .strict();
const cardAuthorizationSimSchema = z.object({ amount, currency: simCurrency, merchant: cardMerchantSchema }).strict();
const cardBalanceInquirySimSchema = z.object({ merchant: cardMerchantSchema }).strict();
const cardClearingSimSchema = z
  .object({ cardTransactionId: txnId, amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) })
  .strict();
const cardReturnSimSchema = z.object({ cardTransactionId: txnId, amount }).strict();
const cardAdviceSimSchema = z.object({ cardTransactionId: txnId, amount }).strict();
const cardTransactionRefSimSchema = z.object({ cardTransactionId: txnId }).strict();

const SUFFIXES =
  "The last three characters of merchant.descriptor decide the outcome: 002 declines INSUFFICIENT_FUNDS, 003 declines CARD_PAUSED, 006 approves and then reports the pull FAILED (EXCEPTION), any other is decided on the card (state, limit) and its funding sources' balances.";

function simulate<B extends z.ZodType>(operationId: string, op: string, summary: string, body: B, description: string) {
  return defineOperation({
    operationId,
    method: "POST",
    path: `/sandbox/cards/{id}/simulate/${op}`,
    summary,
    description: `${description} Sandbox platforms only (403 otherwise); limited per platform per minute with the other sandbox money simulations (429). Declines are recorded as DECLINED card transactions with their declineReason.`,
    tags: ["Sandbox"],
    auth: "platform",
    access: { permission: "TRANSACT", changesState: true },
    params: z.object({ id: z.string().max(100) }),
    body,
    responses: {
      202: {
        description:
          "Simulation applied: the card transaction as it now stands (its issuerTransactionToken included); its webhook follows",
        schema: cardTransactionSchema,
      },
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  });
}

export const simulateCardAuthorizationOp = simulate(
  "sandboxSimulateCardAuthorization",
  "authorization",
  "Simulate a card authorization",
  cardAuthorizationSimSchema,
  `Places a hold on the first funding source that covers the amount. ${SUFFIXES}`,
);
export const simulateCardClearingOp = simulate(
  "sandboxSimulateCardClearing",
  "clearing",
  "Simulate a card clearing",
  cardClearingSimSchema,
  "Captures against an AUTHORIZED or PARTIALLY_SETTLED transaction: less than the remaining hold → PARTIALLY_SETTLED; the rest or more → SETTLED (an excess is pulled from the funding source, or EXCEPTION when it cannot cover it); 0 → authorization expiry, the hold released.",
);
export const simulateCardReturnOp = simulate(
  "sandboxSimulateCardReturn",
  "return",
  "Simulate a card return",
  cardReturnSimSchema,
  "Credits the funding source with up to the net settled amount: the whole of it → REFUNDED, part → stays SETTLED with refundedAmount.",
);
export const simulateCardBalanceInquiryOp = simulate(
  "sandboxSimulateCardBalanceInquiry",
  "balance_inquiry",
  "Simulate a card balance inquiry",
  cardBalanceInquirySimSchema,
  "A 0-amount authorization.",
);
export const simulateCardCreditAuthorizationOp = simulate(
  "sandboxSimulateCardCreditAuthorization",
  "credit_authorization",
  "Simulate a card credit authorization",
  cardAuthorizationSimSchema,
  `A CREDIT transaction, AUTHORIZED; its clearing credits the funding source. ${SUFFIXES}`,
);
export const simulateCardFinancialAuthorizationOp = simulate(
  "sandboxSimulateCardFinancialAuthorization",
  "financial_authorization",
  "Simulate a card financial authorization",
  cardAuthorizationSimSchema,
  `Single message: the amount is pulled at once and the transaction is SETTLED. ${SUFFIXES}`,
);
export const simulateCardFinancialCreditAuthorizationOp = simulate(
  "sandboxSimulateCardFinancialCreditAuthorization",
  "financial_credit_authorization",
  "Simulate a card financial credit authorization",
  cardAuthorizationSimSchema,
  `Single message: the funding source is credited at once and the transaction is SETTLED. ${SUFFIXES}`,
);
export const simulateCardAuthorizationAdviceOp = simulate(
  "sandboxSimulateCardAuthorizationAdvice",
  "authorization_advice",
  "Simulate a card authorization advice",
  cardAdviceSimSchema,
  "Re-sizes an AUTHORIZED or PARTIALLY_SETTLED authorization to a new total, the hold moving by the difference (EXCEPTION when the funding source cannot cover an increase).",
);
export const simulateCardCreditAuthorizationAdviceOp = simulate(
  "sandboxSimulateCardCreditAuthorizationAdvice",
  "credit_authorization_advice",
  "Simulate a card credit authorization advice",
  cardAuthorizationSimSchema,
  `Like credit_authorization, network-initiated. ${SUFFIXES}`,
);
export const simulateCardReturnReversalOp = simulate(
  "sandboxSimulateCardReturnReversal",
  "return_reversal",
  "Simulate a card return reversal",
  cardTransactionRefSimSchema,
  "Takes back every return of a REFUNDED transaction from the funding source → SETTLED (EXCEPTION when it cannot cover it).",
);

export const cardSimulationOps = [
  simulateCardAuthorizationOp,
  simulateCardClearingOp,
  simulateCardReturnOp,
  simulateCardBalanceInquiryOp,
  simulateCardCreditAuthorizationOp,
  simulateCardFinancialAuthorizationOp,
  simulateCardFinancialCreditAuthorizationOp,
  simulateCardAuthorizationAdviceOp,
  simulateCardCreditAuthorizationAdviceOp,
  simulateCardReturnReversalOp,
];
