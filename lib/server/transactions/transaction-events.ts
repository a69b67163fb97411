import { z } from "zod";
import { defineEvent, eventOf } from "@/lib/server/core/events";
import { transactionSchema } from "./transaction.contract";
import type { TransactionRow } from "./transaction-view";

/** The payment events (Grid's IncomingPaymentWebhook / OutgoingPaymentWebhook): data is the Transaction. */
const outgoing = {
  PENDING: defineEvent("OUTGOING_PAYMENT.PENDING", transactionSchema, "An outgoing payment is pending"),
  PENDING_AUTHORIZATION: defineEvent(
    "OUTGOING_PAYMENT.PENDING_AUTHORIZATION",
    transactionSchema,
    "An outgoing payment waits for the customer's SCA (POST /quotes/{quoteId}/authorize)",
  ),
  PROCESSING: defineEvent("OUTGOING_PAYMENT.PROCESSING", transactionSchema, "An outgoing payment is processing"),
  COMPLETED: defineEvent("OUTGOING_PAYMENT.COMPLETED", transactionSchema, "An outgoing payment completed"),
  FAILED: defineEvent(
    "OUTGOING_PAYMENT.FAILED",
    transactionSchema,
    "An outgoing payment failed (a rejected one carries rejectionReason)",
  ),
  EXPIRED: defineEvent("OUTGOING_PAYMENT.EXPIRED", transactionSchema, "An outgoing payment expired"),
};
const incoming = {
  PENDING: defineEvent("INCOMING_PAYMENT.PENDING", transactionSchema, "An incoming payment is pending"),
  COMPLETED: defineEvent("INCOMING_PAYMENT.COMPLETED", transactionSchema, "An incoming payment was credited"),
  FAILED: defineEvent("INCOMING_PAYMENT.FAILED", transactionSchema, "An incoming payment failed"),
};

export const refundEvents = {
  PENDING: defineEvent(
    "INCOMING_PAYMENT.REFUND_PENDING",
    transactionSchema,
    "An incoming payment that cannot be credited goes back to its sender",
  ),
  COMPLETED: defineEvent("INCOMING_PAYMENT.REFUND_COMPLETED", transactionSchema, "The refund completed"),
  FAILED: defineEvent(
    "INCOMING_PAYMENT.REFUND_FAILED",
    transactionSchema.extend({ refundFailureReason: z.string() }),
    "The refund failed: refundFailureReason says why",
  ),
};

/** The event of a payment's status; a status the catalogue has no event for (CREATED, REFUNDED, …) is refused. */
export function paymentEvent(direction: TransactionRow["direction"], status: TransactionRow["status"]) {
  return direction === "OUTGOING"
    ? eventOf<string, PaymentEvent>(outgoing, status, "outgoing payment")
    : eventOf<string, PaymentEvent>(incoming, status, "incoming payment");
}
type PaymentEvent = (typeof outgoing)[keyof typeof outgoing] | (typeof incoming)[keyof typeof incoming];

export const paymentEvents = [...Object.values(outgoing), ...Object.values(incoming), ...Object.values(refundEvents)];
