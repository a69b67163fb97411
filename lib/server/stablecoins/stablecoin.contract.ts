import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";

/**
 * Stablecoin issuance (Grid's StablecoinProviderAccount, Stablecoin, StablecoinOperation and their requests;
 * docs/protocol.md "Stablecoins"). Written from Grid's OpenAPI field list in our own schemas.
 */
export const PROVIDERS = ["BRALE"] as const;
export const PROVIDER_ACCOUNT_STATUSES = ["ACTIVE", "INVALID", "REVOKED"] as const;
export const ISSUANCE_STATUSES = ["PENDING_REVIEW", "PROVISIONING", "PROVISIONED", "REJECTED", "FAILED"] as const;
export const GRID_OPERATIONS_STATUSES = ["NOT_ENABLED", "PENDING_APPROVAL", "ENABLING", "ENABLED", "DISABLED"] as const;
const OPERATION_STATUSES = [
  "CREATED",
  "PENDING_FUNDING",
  "PENDING_PROVIDER",
  "PROCESSING",
  "COMPLETED",
  "FAILED",
  "EXPIRED",
] as const;
export const OPERATION_TYPES = ["MINT", "BURN"] as const;
const ENVIRONMENTS = ["SANDBOX", "PRODUCTION"] as const;
const PAYOUT_RAILS = ["WIRE", "ACH_CREDIT", "SAME_DAY_ACH_CREDIT", "RTP_CREDIT"] as const;

const idText = z.string().min(1).max(100);
/** Smallest-unit amounts are decimal strings (Grid); 18 digits keep them inside a signed 64-bit column. */
const unitAmount = z
  .string()
  .regex(/^[0-9]{1,18}$/, "A whole number of the stablecoin's smallest unit, as a decimal string");
const description = z.string().max(1024).optional();

const providerAccountSchema = z.object({
  id: z.string().describe("StablecoinProviderAccount:<uuid>"),
  provider: z.enum(PROVIDERS),
  providerAccountId: z.string(),
  providerEnvironment: z.enum(ENVIRONMENTS),
  status: z.enum(PROVIDER_ACCOUNT_STATUSES),
  lastVerifiedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

const providerAccountLinkSchema = z
  .object({
    provider: z.enum(PROVIDERS),
    apiClientId: z.string().min(1).max(256),
    apiClientSecret: z.string().min(1).max(1024).describe("Verified, then stored encrypted; never returned"),
    providerAccountId: z.string().min(1).max(256).optional(),
  })
  .strict();
export type ProviderAccountLink = z.infer<typeof providerAccountLinkSchema>;

const stablecoinSchema = z.object({
  id: z.string().describe("Stablecoin:<uuid>"),
  name: z.string(),
  symbol: z.string(),
  baseCurrency: z.string(),
  network: z.enum(["SPARK"]),
  decimals: z.number().int(),
  issuanceStatus: z.enum(ISSUANCE_STATUSES),
  gridOperationsStatus: z.enum(GRID_OPERATIONS_STATUSES),
  networkTokenIdentifier: z.string(),
  currency: z.string().optional(),
  provider: z.enum(PROVIDERS),
  stablecoinProviderAccountId: z.string(),
  providerEnvironment: z.enum(ENVIRONMENTS),
  providerTokenIdentifier: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Stablecoin = z.infer<typeof stablecoinSchema>;

const stablecoinRegisterSchema = z
  .object({
    providerTokenIdentifier: z.string().min(1).max(64),
    networkTokenIdentifier: z.string().min(1).max(256),
    network: z.enum(["SPARK"]),
    stablecoinProviderAccountId: idText.optional(),
  })
  .strict();
export type StablecoinRegister = z.infer<typeof stablecoinRegisterSchema>;

const externalFunding = (type: "ACH_DEBIT" | "SAME_DAY_ACH_DEBIT") =>
  z.object({ type: z.literal(type), externalAccountId: idText }).strict();
const mintFundingSourceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("WIRE") }).strict(),
  externalFunding("ACH_DEBIT"),
  externalFunding("SAME_DAY_ACH_DEBIT"),
  z.object({ type: z.literal("GRID_INTERNAL_ACCOUNT"), accountId: idText }).strict(),
  z
    .object({
      type: z.literal("PROVIDER_INTERNAL_BALANCE"),
      sourceTokenIdentifier: z.string().min(1).max(64),
      cryptoNetwork: z.string().min(1).max(64),
    })
    .strict(),
]);

const mintRequestSchema = z
  .object({
    amount: unitAmount,
    fundingSource: mintFundingSourceSchema,
    destination: z
      .object({
        accountId: idText.describe(
          "ExternalAccount:<uuid> (a Spark wallet) or InternalAccount:<uuid> in the stablecoin's currency",
        ),
      })
      .strict(),
    description,
  })
  .strict();
export type MintRequest = z.infer<typeof mintRequestSchema>;

const burnSourceSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("EXTERNAL_ACCOUNT") }).strict(),
  z.object({ type: z.literal("GRID_INTERNAL_ACCOUNT"), accountId: idText }).strict(),
  z.object({ type: z.literal("PROVIDER_INTERNAL_BALANCE") }).strict(),
]);

const burnRequestSchema = z
  .object({
    amount: unitAmount,
    source: burnSourceSchema,
    destination: z
      .object({ type: z.literal("EXTERNAL_ACCOUNT"), externalAccountId: idText, rail: z.enum(PAYOUT_RAILS) })
      .strict(),
    description,
  })
  .strict();
export type BurnRequest = z.infer<typeof burnRequestSchema>;

const openRecord = z.record(z.string(), z.string());
const operationSchema = z.object({
  id: z.string().describe("StablecoinOperation:<uuid>"),
  stablecoinId: z.string(),
  operationType: z.enum(OPERATION_TYPES),
  status: z.enum(OPERATION_STATUSES),
  amount: z.string().describe("In the stablecoin's smallest unit"),
  provider: z.enum(PROVIDERS),
  providerEnvironment: z.enum(ENVIRONMENTS),
  stablecoinProviderAccountId: z.string(),
  source: z
    .object({
      type: z.enum([
        "WIRE",
        "ACH_DEBIT",
        "SAME_DAY_ACH_DEBIT",
        "EXTERNAL_ACCOUNT",
        "GRID_INTERNAL_ACCOUNT",
        "PROVIDER_INTERNAL_BALANCE",
      ]),
      externalAccountId: z.string().optional(),
      accountId: z.string().optional(),
      sourceTokenIdentifier: z.string().optional(),
      cryptoNetwork: z.string().optional(),
    })
    .optional(),
  fundingInstructions: openRecord
    .describe(
      "Where to send the funds (rail, network, address, valueType; a wire's bank details) while PENDING_FUNDING",
    )
    .optional(),
  destination: z.object({ accountId: z.string(), rail: z.enum(PAYOUT_RAILS).optional() }).optional(),
  estimatedDelivery: openRecord
    .describe("rail, amount (cents), currency, timing: guidance for a burn's fiat payout")
    .optional(),
  expiresAt: z.string().optional(),
  providerStatus: z.string().optional(),
  failureReason: z.string().optional(),
  description: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StablecoinOperation = z.infer<typeof operationSchema>;

const tags = ["Stablecoins"];
const idempotencyHeader = {
  "Idempotency-Key": {
    description:
      "Required. The same key with the same body returns the first result; with another body, 409 IDEMPOTENCY_KEY_REUSED",
    required: true,
  },
};
const idParams = z.object({ id: z.string().max(100) });

export const linkProviderAccountOp = defineOperation({
  operationId: "linkStablecoinProviderAccount",
  method: "POST",
  path: "/stablecoin-provider-accounts",
  summary: "Link a stablecoin provider account",
  description:
    "Verifies the provider credentials through the issuer provider seam and stores the secret encrypted. Sandbox: any client id and secret link ACTIVE (providerEnvironment SANDBOX). 409 CONFLICT when the provider account is already linked; 501 where no production provider is configured.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  headers: idempotencyHeader,
  body: providerAccountLinkSchema,
  responses: {
    201: { description: "The link", schema: providerAccountSchema },
    ...errorResponses(400, 401, 409),
    501: { description: "No issuer provider in this environment" },
  },
});

export const listProviderAccountsOp = defineOperation({
  operationId: "listStablecoinProviderAccounts",
  method: "GET",
  path: "/stablecoin-provider-accounts",
  summary: "List stablecoin provider account links",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    provider: z.enum(PROVIDERS).optional(),
    status: z.enum(PROVIDER_ACCOUNT_STATUSES).optional(),
  }),
  responses: {
    200: { description: "A page of links", schema: listResponse(providerAccountSchema) },
    ...errorResponses(400, 401),
  },
});

export const getProviderAccountOp = defineOperation({
  operationId: "getStablecoinProviderAccount",
  method: "GET",
  path: "/stablecoin-provider-accounts/{id}",
  summary: "Get a stablecoin provider account link",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: idParams,
  responses: { 200: { description: "The link", schema: providerAccountSchema }, ...errorResponses(401, 404) },
});

export const registerStablecoinOp = defineOperation({
  operationId: "registerStablecoin",
  method: "POST",
  path: "/stablecoins",
  summary: "Register an existing provider-created stablecoin",
  description:
    "Links the provider's token to the service (name, symbol, decimals and base currency come from the provider). Without stablecoinProviderAccountId the platform's one ACTIVE link in this environment is used (400 STABLECOIN_PROVIDER_ACCOUNT_SELECTION_REQUIRED with several, 404 STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND with none). 409 CONFLICT when the token is already registered.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  headers: idempotencyHeader,
  body: stablecoinRegisterSchema,
  responses: {
    201: { description: "The stablecoin", schema: stablecoinSchema },
    ...errorResponses(400, 401, 404, 409),
  },
});

export const listStablecoinsOp = defineOperation({
  operationId: "listStablecoins",
  method: "GET",
  path: "/stablecoins",
  summary: "List stablecoins",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    issuanceStatus: z.enum(ISSUANCE_STATUSES).optional(),
    gridOperationsStatus: z.enum(GRID_OPERATIONS_STATUSES).optional(),
    provider: z.enum(PROVIDERS).optional(),
  }),
  responses: {
    200: { description: "A page of stablecoins", schema: listResponse(stablecoinSchema) },
    ...errorResponses(400, 401),
  },
});

export const getStablecoinOp = defineOperation({
  operationId: "getStablecoin",
  method: "GET",
  path: "/stablecoins/{id}",
  summary: "Get a stablecoin",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: idParams,
  responses: { 200: { description: "The stablecoin", schema: stablecoinSchema }, ...errorResponses(401, 404) },
});

const operationErrors = { ...errorResponses(400, 401, 404, 409, 503) };

export const createMintOp = defineOperation({
  operationId: "createStablecoinMint",
  method: "POST",
  path: "/stablecoins/{id}/mints",
  summary: "Create a stablecoin mint operation",
  description:
    "The amount must convert exactly to whole cents of the base currency. WIRE funding answers PENDING_FUNDING with funding instructions; the others PENDING_PROVIDER (a GRID_INTERNAL_ACCOUNT source is debited at once and refunded if the mint fails). The issuer provider moves the operation on asynchronously (docs/protocol.md); on COMPLETED the supply grows and the destination is credited on the ledger.",
  tags,
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  headers: idempotencyHeader,
  params: idParams,
  body: mintRequestSchema,
  responses: { 201: { description: "The operation", schema: operationSchema }, ...operationErrors },
});

export const createBurnOp = defineOperation({
  operationId: "createStablecoinBurn",
  method: "POST",
  path: "/stablecoins/{id}/burns",
  summary: "Create a stablecoin burn operation",
  description:
    "An EXTERNAL_ACCOUNT source answers PENDING_FUNDING with the provider deposit address; the others PENDING_PROVIDER. On COMPLETED the supply shrinks and the fiat proceeds leave for the destination bank account (estimatedDelivery by rail).",
  tags,
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  headers: idempotencyHeader,
  params: idParams,
  body: burnRequestSchema,
  responses: { 201: { description: "The operation", schema: operationSchema }, ...operationErrors },
});

export const listOperationsOp = defineOperation({
  operationId: "listStablecoinOperations",
  method: "GET",
  path: "/stablecoins/{id}/operations",
  summary: "List stablecoin issuer operations (most recent first)",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: idParams,
  query: paginationQuery.extend({ operationType: z.enum(OPERATION_TYPES).optional() }),
  responses: {
    200: { description: "A page of operations", schema: listResponse(operationSchema) },
    ...errorResponses(400, 401, 404),
  },
});

export const getOperationOp = defineOperation({
  operationId: "getStablecoinOperation",
  method: "GET",
  path: "/stablecoin-operations/{id}",
  summary: "Get a stablecoin issuer operation",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: idParams,
  responses: { 200: { description: "The operation", schema: operationSchema }, ...errorResponses(401, 404) },
});

export const stablecoinOps = [
  linkProviderAccountOp,
  listProviderAccountsOp,
  getProviderAccountOp,
  registerStablecoinOp,
  listStablecoinsOp,
  getStablecoinOp,
  createMintOp,
  createBurnOp,
  listOperationsOp,
  getOperationOp,
];
