import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { PAYMENT_RAILS } from "@/lib/server/exchange-rates/corridors";
import { purposeSchema, remittanceSchema } from "@/lib/server/quotes/quote.contract";
import { transactionSchema } from "@/lib/server/transactions/transaction.contract";

export const transferSchema = z.object({
  source: z.object({ accountId: z.string().max(100) }),
  destination: z.object({ accountId: z.string().max(100) }),
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).describe("Smallest unit of the accounts' currency"),
  description: z.string().max(500).optional(),
});
export type TransferInput = z.infer<typeof transferSchema>;

/** Grid's TransferOutRequest adds the rail and the payout details of POST /quotes. */
const transferOutSchema = transferSchema.extend({
  destination: z.object({
    accountId: z.string().max(100),
    paymentRail: z.enum(PAYMENT_RAILS).optional().describe("One of the external account's paymentRails"),
  }),
  remittanceInformation: remittanceSchema,
  purposeOfPayment: purposeSchema,
});
export type TransferOutInput = z.infer<typeof transferOutSchema>;

const idem = {
  "Idempotency-Key": {
    description:
      "The same key with the same body returns the same transaction; with another body, 409 IDEMPOTENCY_KEY_REUSED",
  },
};

export const transferInOp = defineOperation({
  operationId: "transferIn",
  method: "POST",
  path: "/transfer-in",
  summary: "Move funds from an external account into an internal account (deprecated: use POST /quotes)",
  description: "Same currency only. Runs through the same engine as quotes.",
  deprecated: true,
  tags: ["Same-Currency Transfers"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  headers: idem,
  body: transferSchema,
  responses: {
    201: { description: "The transaction", schema: transactionSchema },
    ...errorResponses(400, 401, 404, 429),
  },
});

export const transferOutOp = defineOperation({
  operationId: "transferOut",
  method: "POST",
  path: "/transfer-out",
  summary: "Move funds from an internal account to an external account (deprecated: use POST /quotes)",
  description: "Same currency only. Runs through the same engine as quotes (limits, end-user terms, failure reasons).",
  deprecated: true,
  tags: ["Same-Currency Transfers"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  headers: idem,
  body: transferOutSchema,
  responses: {
    201: { description: "The transaction", schema: transactionSchema },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});
