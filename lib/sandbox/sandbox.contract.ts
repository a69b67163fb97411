import { z } from "zod";
import { defineOperation } from "@/lib/api-core/operation";
import { errorResponses } from "@/lib/api-core/common.contract";
import { internalAccountSchema } from "@/lib/internal-accounts/internal-account.contract";

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
