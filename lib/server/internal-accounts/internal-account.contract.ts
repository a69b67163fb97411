import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";

export const currencySchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
});

/** A currency code such as USD (query filters). */
export const currencyCodeSchema = z.string().regex(/^[A-Z]{3,4}$/, "currency code such as USD");

export const currencyAmountSchema = z.object({ amount: z.number().int(), currency: currencySchema });

export const internalAccountTypeSchema = z.enum(["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"]);

export const internalAccountSchema = z.object({
  id: z.string().describe("InternalAccount:<uuid>"),
  customerId: z.string().optional().describe("Customer:<uuid>; absent for a platform account"),
  type: internalAccountTypeSchema,
  status: z.enum(["PENDING", "ACTIVE", "CLOSED", "FROZEN", "FAILED"]),
  balance: currencyAmountSchema,
  totalBalance: currencyAmountSchema,
  fundingPaymentInstructions: z.array(z.record(z.string(), z.unknown())),
  privateEnabled: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InternalAccount = z.infer<typeof internalAccountSchema>;

export const getInternalAccountOp = defineOperation({
  operationId: "getInternalAccount",
  method: "GET",
  path: "/internal-accounts/{id}",
  summary: "Get an internal account",
  tags: ["Internal Accounts"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: z.object({ id: z.string() }),
  responses: {
    200: { description: "The internal account", schema: internalAccountSchema },
    ...errorResponses(401, 404),
  },
});

export const listCustomerInternalAccountsOp = defineOperation({
  operationId: "listCustomerInternalAccounts",
  method: "GET",
  path: "/customers/internal-accounts",
  summary: "List customers' internal accounts",
  tags: ["Internal Accounts"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    customerId: z.string().max(100).optional(),
    type: internalAccountTypeSchema.optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3,5}$/, "currency code such as USD")
      .optional(),
  }),
  responses: {
    200: { description: "A page of internal accounts", schema: listResponse(internalAccountSchema) },
    ...errorResponses(400, 401),
  },
});

export const listPlatformInternalAccountsOp = defineOperation({
  operationId: "listPlatformInternalAccounts",
  method: "GET",
  path: "/platform/internal-accounts",
  summary: "List the platform's own internal accounts",
  description: "One account per supported currency, owned by the platform rather than a customer (no customerId).",
  tags: ["Internal Accounts"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: z.object({ currency: currencyCodeSchema.optional(), type: internalAccountTypeSchema.optional() }),
  responses: {
    200: {
      description: "The platform's internal accounts",
      schema: z.object({ data: z.array(internalAccountSchema) }),
    },
    ...errorResponses(400, 401),
  },
});

export const balanceUpdatedEvent = defineEvent(
  "INTERNAL_ACCOUNT.BALANCE_UPDATED",
  internalAccountSchema,
  "An internal account's balance changed outside a payment (a stablecoin mint or burn)",
);
