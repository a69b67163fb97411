import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { currencySchema } from "@/lib/server/internal-accounts/internal-account.contract";

const lookupBase = z.object({
  supportedCurrencies: z.array(
    z.object({
      currency: currencySchema,
      estimatedExchangeRate: z.number().describe("Sender's currency → this currency; not locked"),
      min: z.number().int(),
      max: z.number().int(),
    }),
  ),
  requiredPayerDataFields: z.array(z.object({ name: z.string(), mandatory: z.boolean() })).optional(),
  lookupId: z.string().describe("Lookup:<uuid>; name it in POST /quotes"),
});
const umaLookupSchema = lookupBase.extend({ receiverUmaAddress: z.string() });
const externalAccountLookupSchema = lookupBase.extend({ accountId: z.string() });

const lookupQuery = z.object({
  senderUmaAddress: z.string().max(300).optional(),
  customerId: z
    .string()
    .max(100)
    .optional()
    .describe("The sending customer: its currency prices estimatedExchangeRate"),
});
const tags = ["Cross-border Transfers"];

export const lookupUmaOp = defineOperation({
  operationId: "lookupUma",
  method: "GET",
  path: "/receiver/uma/{receiverUmaAddress}",
  summary: "Look up an UMA address for payment",
  description:
    "Sandbox platforms reach Grid's sandbox UMA addresses ($success.usd|eur|mxn, $pending.long.usd, $fail.compliance.usd @sandbox.uma.money); " +
    "$fail.uma.version@… → 412 UNSUPPORTED_UMA_VERSION, $fail.lnurlp@… → 424 LNURLP_REQUEST_FAILED; any other address → 404 UMA_NOT_FOUND. " +
    "Production: 424 LNURLP_REQUEST_FAILED until an UMA client is configured (lib/server/uma/counterparty.ts).",
  tags,
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ receiverUmaAddress: z.string().max(300) }),
  query: lookupQuery,
  responses: {
    200: { description: "What the receiver accepts", schema: umaLookupSchema },
    ...errorResponses(400, 401, 403, 404, 412, 424),
  },
});

export const lookupExternalAccountOp = defineOperation({
  operationId: "lookupExternalAccount",
  method: "GET",
  path: "/receiver/external-account/{accountId}",
  summary: "Look up an external account for payment",
  tags,
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ accountId: z.string().max(100) }),
  query: lookupQuery,
  responses: {
    200: { description: "What the account accepts", schema: externalAccountLookupSchema },
    ...errorResponses(400, 401, 403, 404),
  },
});

const umaProviderSchema = z.object({
  name: z.string(),
  supportedRegions: z.array(z.string()),
  domain: z.string(),
  logoUrl: z.string().optional(),
  supportedCurrencies: z.array(currencySchema),
  lei: z.string().optional(),
  allowListStatus: z.boolean(),
});

export const listUmaProvidersOp = defineOperation({
  operationId: "getAvailableUmaProviders",
  method: "GET",
  path: "/uma-providers",
  summary: "List available Counterparty Providers",
  description:
    "From the shipped directory (or DIRECTORY_FILE `umaProviders`). There is no allow-list API yet: every provider is allowListStatus true.",
  tags: ["Available UMA Providers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    countryCode: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    currencyCode: z
      .string()
      .regex(/^[A-Za-z]{3}$/)
      .optional(),
    hasBlockedProviders: z.enum(["true", "false"]).optional(),
    sortOrder: z.enum(["asc", "desc"]).default("asc"),
  }),
  responses: {
    200: {
      description: "A page of providers",
      schema: listResponse(umaProviderSchema).extend({ totalCount: z.number().int() }),
    },
    ...errorResponses(400, 401, 403),
  },
});
