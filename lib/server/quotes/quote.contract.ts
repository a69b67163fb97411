import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { PAYMENT_RAILS } from "@/lib/server/exchange-rates/corridors";
import { currencySchema } from "@/lib/server/internal-accounts/internal-account.contract";
import { scaAuthorizationSchema, scaChallengeSchema } from "@/lib/server/sca/sca.contract";
import {
  processingSchema,
  signedRetryHeaders,
  signedRetryResponses,
} from "@/lib/server/signed-retry/signed-retry.contract";

const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

const platformFeeOverrideSchema = z.object({
  platformFixedFee: z.object({
    amount: z.number().int().min(0).max(MAX_AMOUNT),
    currency: z.string().regex(/^[A-Z]{3,4}$/),
  }),
  platformVariableFeeBps: z.number().int().min(0).max(10_000),
});

/** Grid's PurposeOfPayment and remittanceInformation (stored with the quote; the sandbox payout has no recipient to carry them). */
export const purposeSchema = z
  .enum([
    "GIFT",
    "SELF",
    "GOODS_OR_SERVICES",
    "EDUCATION",
    "HEALTH_OR_MEDICAL",
    "REAL_ESTATE_PURCHASE",
    "TAX_PAYMENT",
    "LOAN_PAYMENT",
    "UTILITY_BILL",
    "DONATION",
    "TRAVEL",
    "FAMILY_SUPPORT",
    "SALARY_PAYMENT",
    "OTHER",
  ])
  .optional();
export const remittanceSchema = z
  .string()
  .max(80)
  .optional()
  .describe("Free text that travels with the payment (ACH addenda, wire OBI …)");

const scaFactorSchema = z.enum(["SMS_OTP", "TOTP", "PASSKEY"]).optional();

export const quoteCreateSchema = z.object({
  lookupId: z
    .string()
    .max(100)
    .optional()
    .describe("Lookup:<uuid> from GET /receiver/…; an unknown one → 404 LOOKUP_REQUEST_NOT_FOUND"),
  source: z.discriminatedUnion("sourceType", [
    z.object({
      sourceType: z.literal("ACCOUNT").default("ACCOUNT"),
      accountId: z.string().max(100).describe("InternalAccount:<uuid>"),
      customerId: z.string().max(100).optional(),
    }),
    z.object({
      sourceType: z.literal("REALTIME_FUNDING"),
      currency: z
        .string()
        .max(10)
        .describe(
          "The currency the sender pays in: a fiat currency of the rails table (instant rail) or USDC (deposit address)",
        ),
      customerId: z
        .string()
        .max(100)
        .optional()
        .describe("The customer paying (their internal account in currency receives it); omitted: the platform"),
      cryptoNetwork: z
        .string()
        .max(40)
        .optional()
        .describe("Grid's, for stablecoin currencies: accepted; the quote offers every deposit network it has"),
    }),
  ]),
  destination: z.discriminatedUnion("destinationType", [
    z.object({
      destinationType: z.literal("ACCOUNT").default("ACCOUNT"),
      accountId: z.string().max(100).describe("InternalAccount:<uuid> or ExternalAccount:<uuid>"),
      paymentRail: z
        .enum(PAYMENT_RAILS)
        .optional()
        .describe("One of the destination external account's paymentRails; default: the account's first"),
    }),
    z.object({
      destinationType: z.literal("UMA_ADDRESS"),
      umaAddress: z
        .string()
        .max(200)
        .describe(
          'The receiver\'s UMA address ($user@domain); sandbox: the addresses of README "Sandbox UMA addresses"',
        ),
      currency: z
        .string()
        .max(10)
        .optional()
        .describe("The currency the receiver gets; one the receiver accepts (default: its first)"),
    }),
  ]),
  lockedCurrencySide: z.enum(["SENDING", "RECEIVING"]),
  lockedCurrencyAmount: z.number().int().min(1).max(MAX_AMOUNT).describe("Smallest unit of the locked side's currency"),
  immediatelyExecute: z.boolean().default(false),
  description: z.string().max(500).optional(),
  remittanceInformation: remittanceSchema,
  purposeOfPayment: purposeSchema,
  platformFeeOverride: platformFeeOverrideSchema.optional().describe("Requires a USD source currency"),
  scaFactor: scaFactorSchema.describe(
    "SCA customers only: the preferred factor of the challenge when this quote is executed (with immediatelyExecute, or later by POST /quotes/{quoteId}/execute " +
      "without its own scaFactor): SMS_OTP (default) or PASSKEY; TOTP → 400 (no dynamic linking). Ignored for customers outside the SCA regions",
  ),
  senderCustomerInfo: z
    .record(z.string().min(1).max(64), z.unknown())
    .refine((o) => Object.keys(o).length <= 32, "At most 32 fields")
    .optional()
    .describe(
      "Payer data the receiver asked for (requiredPayerDataFields of the lookup named by lookupId, or of the UMA receiver), e.g. {FULL_NAME, BIRTH_DATE}. " +
        "A mandatory field neither sent here nor known from the customer (FULL_NAME, BIRTH_DATE, NATIONALITY, EMAIL, PHONE_NUMBER …) → 400 MISSING_MANDATORY_USER_INFO naming it. " +
        "Stored with the quote for the UMA counterparty",
    ),
});
export type QuoteCreate = z.infer<typeof quoteCreateSchema>;

/**
 * REALTIME_FUNDING: where to pay (Grid's Payment<Currency>AccountInfo of the currencies offered, and its stablecoin deposit
 * wallets): lib/server/quotes/realtime-funding.ts.
 */
const reference = z.string().describe("Quote it with the payment: it credits this quote");
const bankName = z.string().optional();
const bankTransfer = z.array(z.enum(["BANK_TRANSFER"]));
const depositWallet = (accountType: "SOLANA_WALLET" | "BASE_WALLET") =>
  z.object({
    accountType: z.literal(accountType),
    address: z.string().describe("The deposit address of this quote"),
    assetType: z.enum(["USDC"]),
  });
const realtimeFundingAccountSchemas = [
  z.object({
    accountType: z.literal("USD_ACCOUNT"),
    paymentRails: z.array(z.enum(["RTP", "FEDNOW"])),
    accountNumber: z.string(),
    routingNumber: z.string(),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("EUR_ACCOUNT"),
    paymentRails: z.array(z.enum(["SEPA_INSTANT"])),
    iban: z.string(),
    swiftCode: z.string().optional(),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("GBP_ACCOUNT"),
    paymentRails: z.array(z.enum(["FASTER_PAYMENTS"])),
    sortCode: z.string(),
    accountNumber: z.string(),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("MXN_ACCOUNT"),
    paymentRails: z.array(z.enum(["SPEI"])),
    clabeNumber: z.string(),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("CAD_ACCOUNT"),
    paymentRails: bankTransfer,
    bankCode: z.string(),
    branchCode: z.string(),
    accountNumber: z.string(),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("BRL_ACCOUNT"),
    paymentRails: z.array(z.enum(["PIX"])),
    qrCode: z.string().describe("PIX copy-and-paste payload; it carries the reference"),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("INR_ACCOUNT"),
    paymentRails: z.array(z.enum(["UPI"])),
    vpa: z.string(),
    bankName,
    reference,
  }),
  z.object({
    accountType: z.literal("PHP_ACCOUNT"),
    paymentRails: bankTransfer,
    accountNumber: z.string(),
    bankName: z.string(),
    reference,
  }),
  z.object({
    accountType: z.literal("NGN_ACCOUNT"),
    paymentRails: bankTransfer,
    accountNumber: z.string(),
    bankName: z.string(),
    reference,
  }),
  depositWallet("SOLANA_WALLET"),
  depositWallet("BASE_WALLET"),
] as const;

export const quoteSchema = z.object({
  id: z.string().describe("Quote:<uuid>"),
  status: z
    .enum(["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"])
    .describe(
      "PENDING_AUTHORIZATION: an SCA customer's executed quote awaiting POST /quotes/{quoteId}/authorize (scaChallenge)",
    ),
  createdAt: z.string(),
  expiresAt: z.string(),
  source: z.discriminatedUnion("sourceType", [
    z.object({ sourceType: z.literal("ACCOUNT"), accountId: z.string(), customerId: z.string().optional() }),
    z.object({ sourceType: z.literal("REALTIME_FUNDING"), currency: z.string(), customerId: z.string().optional() }),
  ]),
  destination: z.discriminatedUnion("destinationType", [
    z.object({
      destinationType: z.literal("ACCOUNT"),
      accountId: z.string(),
      paymentRail: z.enum(PAYMENT_RAILS).optional(),
    }),
    z.object({ destinationType: z.literal("UMA_ADDRESS"), umaAddress: z.string(), currency: z.string().optional() }),
  ]),
  lockedCurrencySide: z.enum(["SENDING", "RECEIVING"]),
  lockedCurrencyAmount: z.number().int(),
  sendingCurrency: currencySchema,
  receivingCurrency: currencySchema,
  totalSendingAmount: z.number().int().describe("Debited from the source, fees included"),
  totalReceivingAmount: z.number().int(),
  exchangeRate: z.number().describe("Receiving units per sending unit (major units)"),
  feesIncluded: z.number().int().describe("All fees, sending currency"),
  platformFeesIncluded: z.number().int(),
  transactionId: z.string().describe("Transaction:<uuid>: the transaction this quote creates when executed"),
  counterpartyInformation: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("What the receiver's VASP said of the receiver (an UMA address at another VASP: FULL_NAME, …)"),
  description: z.string().optional(),
  remittanceInformation: z.string().optional(),
  purposeOfPayment: z.string().optional(),
  paymentInstructions: z
    .array(
      z.object({
        accountOrWalletInfo: z.union([
          z.object({ accountType: z.literal("EMBEDDED_WALLET") }),
          ...realtimeFundingAccountSchemas,
        ]),
        instructionsNotes: z.string().optional(),
      }),
    )
    .optional()
    .describe(
      "EMBEDDED_WALLET source: execution needs a wallet signature (signed retry on POST /quotes/{id}/execute). " +
        "REALTIME_FUNDING source: where and how to pay totalSendingAmount; the quote executes when it arrives",
    ),
  scaChallenge: scaChallengeSchema
    .optional()
    .describe("Present only while PENDING_AUTHORIZATION: the SCA challenge to authorize"),
});
export type Quote = z.infer<typeof quoteSchema>;

const idempotencyHeader = {
  "Idempotency-Key": {
    description:
      "The same key with the same body returns the same quote; with another body, 409 IDEMPOTENCY_KEY_REUSED",
  },
};

export const createQuoteOp = defineOperation({
  operationId: "createQuote",
  method: "POST",
  path: "/quotes",
  summary: "Create a quote (and with immediatelyExecute, execute it at once)",
  description:
    "Same- and cross-currency. Fees (platform feeConfigs or platformFeeOverride, USD source only) are included in totalSendingAmount. " +
    "403 END_USER_TERMS_NOT_ACCEPTED before the customer consented to the current end-user terms; 400 TRANSACTION_SIZE_LIMIT_EXCEEDED; " +
    "with immediatelyExecute, 429 DAILY_VOLUME_LIMIT_EXCEEDED and 400 INSUFFICIENT_FUNDS. " +
    "UMA_ADDRESS destinations ask the receiver's VASP (lib/server/uma/counterparty.ts): 412 UNSUPPORTED_UMA_VERSION when it does not support our UMA version " +
    "(sandbox: $fail.uma.version@sandbox.uma.money); 424 LNURLP_REQUEST_FAILED when it cannot be reached (production platforms until an UMA client is configured; " +
    "sandbox: $fail.lnurlp@sandbox.uma.money).",
  tags: ["Cross-Currency Transfers"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  headers: idempotencyHeader,
  body: quoteCreateSchema,
  responses: {
    201: { description: "The quote", schema: quoteSchema },
    202: {
      description:
        "With immediatelyExecute for an SCA customer (EEA/CH/UK) paying an untrusted beneficiary: PENDING_AUTHORIZATION with scaChallenge (POST /quotes/{quoteId}/authorize)",
      schema: quoteSchema,
    },
    ...errorResponses(400, 401, 403, 404, 409, 412, 424, 429),
  },
});

const instant = z.iso.datetime({ offset: true }).optional();
const idFilter = z.string().max(100).optional();

/** Grid's filters of GET /quotes (the official client's QuoteListParams); newest first. */
const quoteFilters = paginationQuery.extend({
  customerId: idFilter,
  sendingAccountId: idFilter.describe("InternalAccount:<uuid> the quote sends from"),
  receivingAccountId: idFilter.describe("InternalAccount:<uuid> or ExternalAccount:<uuid> the quote pays"),
  sendingUmaAddress: z.string().max(256).optional().describe("Accepted; no quote of this service has a UMA address"),
  receivingUmaAddress: z.string().max(256).optional().describe("Accepted; no quote of this service has a UMA address"),
  status: z.enum(["PENDING", "PENDING_AUTHORIZATION", "PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]).optional(),
  createdAfter: instant,
  createdBefore: instant,
});
export type QuoteFilters = z.infer<typeof quoteFilters>;

export const listQuotesOp = defineOperation({
  operationId: "listQuotes",
  method: "GET",
  path: "/quotes",
  summary: "List quotes",
  tags: ["Cross-Currency Transfers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: quoteFilters,
  responses: {
    200: { description: "A page of quotes, newest first", schema: listResponse(quoteSchema) },
    ...errorResponses(400, 401),
  },
});

export const getQuoteOp = defineOperation({
  operationId: "getQuote",
  method: "GET",
  path: "/quotes/{quoteId}",
  summary: "Get a quote",
  tags: ["Cross-Currency Transfers"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: z.object({ quoteId: z.string().max(100) }),
  responses: { 200: { description: "The quote", schema: quoteSchema }, ...errorResponses(401, 404) },
});

export const executeQuoteOp = defineOperation({
  operationId: "executeQuote",
  method: "POST",
  path: "/quotes/{quoteId}/execute",
  summary: "Execute a pending quote",
  description:
    'When the source is an EMBEDDED_WALLET this is a signed-retry endpoint (protocol.md "Signed retry"): the first call answers 202 with ' +
    "payloadToSign (activity ACTIVITY_TYPE_SIGN_TRANSACTION_V2, binding the quote's accounts and amounts); repeat it with Service-Wallet-Signature " +
    "(an active session of the wallet) and Request-Id. Other sources execute at once. For an SCA customer (EEA/CH/UK) paying an untrusted " +
    "beneficiary the answer is 200 with the quote PENDING_AUTHORIZATION and its scaChallenge: authorize it with POST /quotes/{quoteId}/authorize.",
  tags: ["Cross-Currency Transfers"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ quoteId: z.string().max(100) }),
  body: z.object({
    scaFactor: scaFactorSchema.describe(
      "SCA customers only: the factor of the challenge this call issues (SMS_OTP default, or PASSKEY; TOTP → 400: no dynamic linking)",
    ),
  }),
  bodyOptional: true,
  headers: signedRetryHeaders,
  responses: signedRetryResponses({
    200: {
      description:
        "The quote after execution; its transaction is COMPLETED or FAILED (PROCESSING body while the wallet provider settles)",
      schema: z.union([quoteSchema, processingSchema]),
    },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  }),
});

const SCA_QUOTES =
  "Only for customers whose region (else address country) is in the EEA, Switzerland or the UK (others → 409). " +
  "Executing such a customer's quote to anything but a trusted beneficiary leaves it PENDING_AUTHORIZATION with an scaChallenge " +
  "(SMS_OTP, or PASSKEY; 5 minutes) and its transaction PENDING_AUTHORIZATION; sandbox code 123456.";

export const authorizeQuoteOp = defineOperation({
  operationId: "authorizeQuote",
  method: "POST",
  path: "/quotes/{quoteId}/authorize",
  summary: "Authorize a quote's SCA challenge",
  description:
    `${SCA_QUOTES} The proof releases the transfer (the quote then follows its transaction: PROCESSING, COMPLETED or FAILED). ` +
    "No live SCA session → 409 SCA_SESSION_REQUIRED; no pending challenge → 409; a wrong proof → 400 and counts as a failed SCA attempt " +
    "(the fifth locks for 15 minutes: 423 ACCOUNT_LOCKED); an expired challenge → 400 and the transaction FAILED with SCA_NOT_COMPLETED.",
  tags: ["Strong Customer Authentication"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ quoteId: z.string().max(100) }),
  body: scaAuthorizationSchema,
  responses: {
    200: { description: "The quote after authorization", schema: quoteSchema },
    ...errorResponses(400, 401, 404, 409, 423, 429),
  },
});

export const resendQuoteScaCodeOp = defineOperation({
  operationId: "resendQuoteScaCode",
  method: "POST",
  path: "/quotes/{quoteId}/authorize/resend",
  summary: "Resend a quote's SCA code",
  description: `${SCA_QUOTES} Re-sends the SMS code of the open challenge (the same code's expiry is not extended). PASSKEY challenges → 409. At most one per 30 s, 10 per hour (429).`,
  tags: ["Strong Customer Authentication"],
  auth: "platform",
  access: { permission: "TRANSACT", changesState: true },
  params: z.object({ quoteId: z.string().max(100) }),
  responses: { 204: { description: "Code re-sent" }, ...errorResponses(401, 404, 409, 429, 503) },
});
