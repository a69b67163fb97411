import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { internalAccountSchema } from "@/lib/server/internal-accounts/internal-account.contract";
import { transactionSchema } from "@/lib/server/transactions/transaction.contract";

export const fundInternalAccountOp = defineOperation({
  operationId: "sandboxFundInternalAccount",
  method: "POST",
  path: "/sandbox/internal-accounts/{accountId}/fund",
  summary: "Add funds to an internal account (sandbox only)",
  description:
    "Posted through the ledger as an INCOMING transaction from the sandbox's outside world. Any amount from 1 to 2^53 − 1 " +
    "per call (protocol.md: a test tool); a call that would take the balance past 2^53 − 1 → 400 INVALID_INPUT naming " +
    "amount, and nothing is written. A platform's sandbox money simulations (this, /sandbox/send, /sandbox/uma/receive, the " +
    "card simulations) are limited per minute: 429 RATE_LIMITED with Retry-After.",
  tags: ["Sandbox"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ accountId: z.string().max(100) }),
  body: z.object({
    // int() bounds it at 2^53 − 1 already (and says so in the document); a second max would list the field twice.
    amount: z
      .number()
      .int()
      .min(1)
      .describe("Smallest unit of the account's currency; at most 2^53 − 1, and the balance stays within it"),
  }),
  responses: {
    200: { description: "The funded account", schema: internalAccountSchema },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

const sandboxSendSchema = z.object({
  quoteId: z.string().max(100).describe("Quote:<uuid>, PENDING"),
  currencyCode: z
    .string()
    .regex(/^[A-Z]{3,4}$/)
    .describe("Must be the quote's sending currency"),
  currencyAmount: z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("Must be the quote's totalSendingAmount when given"),
});
export type SandboxSend = z.infer<typeof sandboxSendSchema>;

export const sandboxSendOp = defineOperation({
  operationId: "sandboxSend",
  method: "POST",
  path: "/sandbox/send",
  summary: "Simulate the sender paying a quote (sandbox only)",
  description:
    "The quote's totalSendingAmount arrives in its source internal account (a sandbox funding transaction) and the quote executes at once, " +
    "as the sender paying a REALTIME_FUNDING quote by its paymentInstructions would make it; " +
    "in one database transaction. 400 when currencyCode or currencyAmount differ from the quote or the source is an EMBEDDED_WALLET " +
    "(execution needs a wallet signature); 409/400 as POST /quotes/{id}/execute for a quote that is not PENDING or expired.",
  tags: ["Sandbox"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  body: sandboxSendSchema,
  responses: {
    200: { description: "The quote's transaction", schema: transactionSchema },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const sandboxUmaReceiveOp = defineOperation({
  operationId: "sandboxUmaReceive",
  method: "POST",
  path: "/sandbox/uma/receive",
  summary: "Simulate payment send to test receiving an UMA payment",
  description:
    "From one of Grid's sandbox UMA addresses to one of the platform's customers (receiverUmaAddress or customerId), into its account in " +
    "receivingCurrencyCode: $success.* completes, $pending.long.* stays PENDING (COMPLIANCE_REVIEW), $fail.compliance.* fails (COMPLIANCE_REJECTED); " +
    '$fail.uma.version → 412 UNSUPPORTED_UMA_VERSION, $fail.lnurlp → 424 LNURLP_REQUEST_FAILED (README "Sandbox UMA addresses").',
  tags: ["Sandbox"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  body: z.object({
    senderUmaAddress: z.string().max(300),
    receiverUmaAddress: z.string().max(300).optional(),
    customerId: z.string().max(100).optional(),
    receivingCurrencyCode: z.string().regex(/^[A-Z]{3,4}$/),
    receivingCurrencyAmount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  }),
  responses: {
    200: {
      description: "The incoming transaction",
      schema: transactionSchema.extend({ type: z.literal("INCOMING"), direction: z.literal("CREDIT") }),
    },
    ...errorResponses(400, 401, 403, 404, 412, 424, 429),
  },
});
