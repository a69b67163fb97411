import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { accountInfoCreateSchema, accountInfoSchema } from "./account-info.schema";

const EXTERNAL_ACCOUNT_STATUSES = [
  "PENDING",
  "ACTIVE",
  "PENDING_OWNERSHIP_VERIFICATION",
  "UNVERIFIED",
  "UNDER_REVIEW",
  "INACTIVE",
] as const;
const externalAccountStatusSchema = z.enum(EXTERNAL_ACCOUNT_STATUSES);
const ownershipTypeSchema = z.enum(["FIRST_PARTY", "THIRD_PARTY"]);
const beneficiaryVerificationStatusSchema = z.enum([
  "MATCHED",
  "PARTIAL_MATCH",
  "NOT_MATCHED",
  "UNSUPPORTED",
  "CHECKED_BY_RECEIVING_FI",
  "PENDING",
]);
const currencyCode = z.string().regex(/^[A-Z]{3,5}$/, "ISO 4217 code (or a crypto asset code such as USDC)");

export const externalAccountSchema = z
  .object({
    id: z.string().describe("ExternalAccount:<uuid>"),
    customerId: z.string().nullable().describe("Customer:<uuid>; null for the platform's own account"),
    status: externalAccountStatusSchema,
    platformAccountId: z.string().optional(),
    ownershipType: ownershipTypeSchema.optional(),
    currency: z.string(),
    defaultUmaDepositAccount: z.boolean(),
    beneficiaryVerificationStatus: beneficiaryVerificationStatusSchema
      .optional()
      .describe(
        "Name check of the beneficiary against the holder name the rail returns; absent for wallets and Lightning",
      ),
    beneficiaryVerifiedData: z.object({ fullName: z.string() }).optional(),
    accountInfo: accountInfoSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .describe(
    "An external account. Statuses: a bank account starts ACTIVE on sandbox platforms and PENDING on production ones; " +
      "a FIRST_PARTY self-custody wallet (no vaspName) on a platform subject to counterparty rules starts PENDING_OWNERSHIP_VERIFICATION. " +
      "Transfers below the regulatory threshold (EUR 1,000 equivalent, EU Travel Rule) stay allowed while PENDING_OWNERSHIP_VERIFICATION. " +
      "Every status change writes an EXTERNAL_ACCOUNT.STATUS_UPDATED event.",
  );
export type ExternalAccount = z.infer<typeof externalAccountSchema>;

const createFields = {
  currency: currencyCode,
  platformAccountId: z.string().min(1).max(256).optional(),
  ownershipType: ownershipTypeSchema
    .optional()
    .describe(
      "Required for self-custody wallets when the platform is subject to counterparty rules (settings.subjectToCounterpartyRules)",
    ),
  defaultUmaDepositAccount: z.boolean().default(false),
  accountInfo: accountInfoCreateSchema,
};

export const customerExternalAccountCreateSchema = z.strictObject({
  // Grid's ExternalAccountCreateRequest: without a customer the account is the platform's own (spec: customerId null).
  customerId: z
    .string()
    .optional()
    .describe("Customer:<uuid>; without it the account is created on behalf of the platform"),
  ...createFields,
});
const platformExternalAccountCreateSchema = z.strictObject(createFields);
export type ExternalAccountCreate = z.infer<typeof platformExternalAccountCreateSchema> & { customerId?: string };

const ownershipChallengeRequestSchema = z.object({ method: z.enum(["WALLET_SIGNATURE", "LIVENESS"]) });
const ownershipChallengeSchema = z.object({
  method: z.literal("WALLET_SIGNATURE"),
  messageToSign: z.string().describe("Sign these exact UTF-8 bytes with the wallet's key"),
  expiresAt: z.string(),
});
const ownershipVerifyRequestSchema = z.object({
  signature: z
    .string()
    .min(1)
    .max(1000)
    .describe(
      "EVM chains: EIP-191 personal_sign signature, 0x + 130 hex (r‖s‖v). Solana: base58 of the 64-byte ed25519 signature",
    ),
});

export const externalAccountIdParams = z.object({ externalAccountId: z.string() });
const filters = paginationQuery.extend({
  currency: currencyCode.optional(),
  status: externalAccountStatusSchema.optional(),
});

const RULES =
  "Rules: currency must agree with accountType (USD_ACCOUNT → USD …; SLV_ACCOUNT → USD; SWIFT_ACCOUNT any; wallets their listed assets; Lightning BTC); " +
  "ownershipType is required for self-custody wallets on platforms subject to counterparty rules, and beneficiary for THIRD_PARTY wallets there; " +
  "at most one defaultUmaDepositAccount per customer (a new default clears the old one); the same identifying fields twice for one owner → 409 CONFLICT. " +
  "beneficiaryVerificationStatus comes from the beneficiary rail (sandbox: last three digits of the identifier 102 NOT_MATCHED, 103 PARTIAL_MATCH, " +
  "104 PENDING, 105 400 INVALID_BANK_ACCOUNT, 106 UNSUPPORTED, 107 CHECKED_BY_RECEIVING_FI, otherwise MATCHED).";

/** The same five operations under /customers/external-accounts and /platform/external-accounts. */
function scopeOps<B extends z.ZodType, Q extends z.ZodType>(
  scope: "customers" | "platform",
  createBody: B,
  listQuery: Q,
) {
  const base = `/${scope}/external-accounts`;
  const cap = scope === "customers" ? "Customer" : "Platform";
  const whose = scope === "customers" ? "a customer's" : "the platform's own";
  const tags = ["External Accounts"];
  const item = `${base}/{externalAccountId}`;
  return {
    create: defineOperation({
      operationId: `create${cap}ExternalAccount`,
      method: "POST",
      path: base,
      summary: `Add ${whose} external account`,
      description: RULES,
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      body: createBody,
      responses: {
        201: { description: "The external account", schema: externalAccountSchema },
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    list: defineOperation({
      operationId: `list${cap}ExternalAccounts`,
      method: "GET",
      path: base,
      summary: `List ${whose} external accounts`,
      tags,
      auth: "platform",
      access: { permission: "VIEW", changesState: false },
      query: listQuery,
      responses: {
        200: { description: "A page of external accounts", schema: listResponse(externalAccountSchema) },
        ...errorResponses(400, 401),
      },
    }),
    get: defineOperation({
      operationId: `get${cap}ExternalAccount`,
      method: "GET",
      path: item,
      summary: `Get ${whose} external account`,
      tags,
      auth: "platform",
      access: { permission: "VIEW", changesState: false },
      params: externalAccountIdParams,
      responses: {
        200: { description: "The external account", schema: externalAccountSchema },
        ...errorResponses(401, 404),
      },
    }),
    remove: defineOperation({
      operationId: `delete${cap}ExternalAccount`,
      method: "DELETE",
      path: item,
      summary: `Delete ${whose} external account`,
      description:
        scope === "customers"
          ? "A trusted beneficiary (POST …/trust) must be untrusted first: 409 BENEFICIARY_TRUSTED."
          : undefined,
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: externalAccountIdParams,
      responses: {
        204: { description: "Deleted" },
        ...errorResponses(...(scope === "customers" ? [401, 404, 409] : [401, 404])),
      },
    }),
    challenge: defineOperation({
      operationId: `challenge${cap}ExternalAccountOwnership`,
      method: "POST",
      path: `${item}/challenge`,
      summary: "Start ownership verification of a self-custody wallet",
      description:
        "Only WALLET_SIGNATURE is available (LIVENESS → 409), only for FIRST_PARTY self-custody EVM and Solana wallets in PENDING_OWNERSHIP_VERIFICATION " +
        "or UNVERIFIED (otherwise 409). A new challenge replaces the outstanding one; it expires after 10 minutes. The status does not change here.",
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: externalAccountIdParams,
      body: ownershipChallengeRequestSchema,
      responses: {
        201: { description: "The message to sign", schema: ownershipChallengeSchema },
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    verify: defineOperation({
      operationId: `verify${cap}ExternalAccountOwnership`,
      method: "POST",
      path: `${item}/verify`,
      summary: "Complete ownership verification with the wallet's signature",
      description:
        "Checks the signature of the outstanding challenge's message by the wallet's address (EIP-191 personal_sign for EVM, ed25519 for Solana). " +
        "Success → ACTIVE (200). A wrong, malformed or expired signature uses up the challenge, moves the account to UNVERIFIED and answers 400 " +
        "INVALID_INPUT with details.reason OWNERSHIP_SIGNATURE_INVALID or OWNERSHIP_CHALLENGE_EXPIRED. No outstanding challenge → 409.",
      tags,
      auth: "platform",
      access: { permission: "MANAGE", changesState: true },
      params: externalAccountIdParams,
      body: ownershipVerifyRequestSchema,
      responses: {
        200: { description: "The verified account (ACTIVE)", schema: externalAccountSchema },
        ...errorResponses(400, 401, 404, 409),
      },
    }),
  };
}

export const customerExternalAccountOps = scopeOps(
  "customers",
  customerExternalAccountCreateSchema,
  filters.extend({ customerId: z.string().max(100).optional() }),
);
export const platformExternalAccountOps = scopeOps("platform", platformExternalAccountCreateSchema, filters);
export const externalAccountListFilters = filters;

export const externalAccountStatusEvent = defineEvent(
  "EXTERNAL_ACCOUNT.STATUS_UPDATED",
  externalAccountSchema,
  "An external account's status changed (its whole ownership verification lifecycle, spec Events)",
);
