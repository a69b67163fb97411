import { z } from "zod";
import { defineOperation } from "@/lib/api-core/operation";
import { errorResponses } from "@/lib/api-core/common.contract";
import { internalAccountSchema } from "@/lib/internal-accounts/internal-account.contract";
import { transactionSchema } from "@/lib/transactions/transaction.contract";

export const fundInternalAccountOp = defineOperation({
  operationId: "sandboxFundInternalAccount",
  method: "POST",
  path: "/sandbox/internal-accounts/{accountId}/fund",
  summary: "Add funds to an internal account (sandbox only)",
  description: "Posted through the ledger as an INCOMING transaction from the sandbox's outside world.",
  tags: ["Sandbox"],
  auth: "platform",
  params: z.object({ accountId: z.string().max(100) }),
  body: z.object({ amount: z.number().int().min(1).max(1e15).describe("Smallest unit of the account's currency") }),
  responses: { 200: { description: "The funded account", schema: internalAccountSchema }, ...errorResponses(400, 401, 403, 404) },
});

export const sandboxSendOp = defineOperation({
  operationId: "sandboxSend",
  method: "POST",
  path: "/sandbox/send",
  summary: "Simulate sending funds",
  description:
    "The customer sends the funds a PENDING quote asks for: the deposit lands in its source account and the quote executes, in one transaction, " +
    "through the same engine and events. currencyCode must be the quote's sending currency; currencyAmount, when given, its totalSendingAmount.",
  tags: ["Sandbox"],
  auth: "platform",
  body: z.object({
    quoteId: z.string().max(100),
    currencyCode: z.string().regex(/^[A-Z]{3,4}$/),
    currencyAmount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  responses: { 200: { description: "The quote's transaction", schema: transactionSchema }, ...errorResponses(400, 401, 403, 404, 409) },
});

export const sandboxUmaReceiveOp = defineOperation({
  operationId: "sandboxUmaReceive",
  method: "POST",
  path: "/sandbox/uma/receive",
  summary: "Simulate payment send to test receiving an UMA payment",
  description:
    "From one of Grid's sandbox UMA addresses to one of the platform's customers (receiverUmaAddress or customerId), into its account in " +
    "receivingCurrencyCode: $success.* completes, $pending.long.* stays PENDING (COMPLIANCE_HOLD), $fail.compliance.* fails (COMPLIANCE_REJECTED).",
  tags: ["Sandbox"],
  auth: "platform",
  body: z.object({
    senderUmaAddress: z.string().max(300),
    receiverUmaAddress: z.string().max(300).optional(),
    customerId: z.string().max(100).optional(),
    receivingCurrencyCode: z.string().regex(/^[A-Z]{3,4}$/),
    receivingCurrencyAmount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  }),
  responses: { 200: { description: "The incoming transaction", schema: transactionSchema }, ...errorResponses(400, 401, 403, 404) },
});
