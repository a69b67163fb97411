import { z } from "zod";

/**
 * The platform's settings, carried by every PlatformPrincipal and read by the money base (limits, fees) and the
 * areas (webauthn, oidc, webhooks). The PATCH /config body and the GET /config answer: lib/server/platforms/platform.contract.ts.
 */

const originSchema = z
  .string()
  .regex(
    /^https?:\/\/[^/\s]+$/,
    "must be an origin such as https://wallet.example.com (scheme://host[:port], no path)",
  );

export const webauthnSettingsSchema = z.object({
  rpId: z.string().min(1).max(253),
  rpName: z.string().min(1).max(100),
  origins: z.array(originSchema).min(1).max(20),
});

export const oidcIssuerSchema = z.object({
  issuer: z.string().url(),
  audiences: z.array(z.string().min(1)).min(1).max(20),
  jwksUri: z.string().url().optional(),
});

const feeConfigSchema = z
  .object({
    // Spec Limits: a standing fee config requires a USD source currency.
    currency: z.enum(["USD"]).default("USD").describe("Source currency the fee applies to; only USD is allowed"),
    variableRateBps: z.number().int().min(0).max(10_000).optional(),
    fixedAmount: z.number().int().min(0).optional(),
  })
  .refine((f) => f.variableRateBps !== undefined || f.fixedAmount !== undefined, {
    message: "a fee config needs variableRateBps, fixedAmount, or both",
  });

export const limitsSchema = z.object({
  transactionSizeLimitUsdCents: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  dailyVolumeLimitUsdCents: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** Grid's CustomerInfoFieldName (its enum, so that every answer decodes in Grid's clients). */
const customerInfoFieldName = z.enum([
  "FULL_NAME",
  "BIRTH_DATE",
  "NATIONALITY",
  "PHONE_NUMBER",
  "EMAIL",
  "POSTAL_ADDRESS",
  "TAX_ID",
  "REGISTRATION_NUMBER",
  "USER_TYPE",
  "COUNTRY_OF_RESIDENCE",
  "ACCOUNT_IDENTIFIER",
  "FI_LEGAL_ENTITY_NAME",
  "FI_ADDRESS",
  "PURPOSE_OF_PAYMENT",
  "ULTIMATE_INSTITUTION_COUNTRY",
  "IDENTIFIER",
  "BUSINESS_TYPE",
  "COMPANY_LEGAL_NAME",
  "ID_TYPE",
  "ID_NUMBER",
]);

/**
 * Grid's PlatformCurrencyConfig: a currency the platform's customers may send (OUTGOING) and receive (INCOMING), with
 * the bounds of one payment's sending amount in the currency's minor unit. Grid's own pages leave out
 * `enabledTransactionTypes` and `requiredCounterpartyFields`: both directions and no fields. Its read-only
 * provider fields are refused (strict). The money base enforces the list (lib/server/money/supported-currencies.ts).
 */
export const currencyConfigSchema = z
  .object({
    currencyCode: z.string().regex(/^[A-Z]{3,4}$/, "a currency code such as USD"),
    minAmount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    maxAmount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    requiredCounterpartyFields: z
      .array(z.object({ name: customerInfoFieldName, mandatory: z.boolean() }).strict())
      .max(32)
      .default([]),
    enabledTransactionTypes: z
      .array(z.enum(["OUTGOING", "INCOMING"]))
      .min(1)
      .max(2)
      .default(["OUTGOING", "INCOMING"]),
  })
  .strict()
  .refine((c) => c.minAmount <= c.maxAmount, { path: ["maxAmount"], message: "must be at least minAmount" });

/**
 * The platform's stored settings. Over the API (PATCH /config, GET /config) two fields take Grid's names and
 * shapes: `webhookUrl` is `webhookEndpoint` (with `webhookUrl` as a deprecated alias), and `feeConfigs` are
 * Grid's FeeConfig (lib/server/platforms/platform-config.ts maps them).
 */
/** Grid's CardTokenization2FAConfig: branding of the codes sent when a cardholder adds a card to a digital wallet. */
export const cardTokenization2faConfigSchema = z
  .object({
    displayName: z.string().max(255),
    logoUrl: z
      .string()
      .url()
      .regex(/^https:\/\//, "Expected an https:// URL")
      .max(512),
    email: z
      .object({
        fromAddress: z.string().email().max(255),
        fromName: z.string().max(255),
        replyToAddress: z.string().email().max(255),
        subject: z.string().max(255),
        bodyText: z.string().max(2000),
      })
      .partial()
      .strict(),
    sms: z
      .object({ templateSid: z.string().max(64), bodyText: z.string().max(480) })
      .partial()
      .strict(),
  })
  .partial()
  .strict();

export const platformSettingsSchema = z.object({
  webhookUrl: z.string().url().nullable().default(null),
  sessionLifetimeSeconds: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(900),
  webauthn: webauthnSettingsSchema,
  oidc: z.object({ issuers: z.array(oidcIssuerSchema).max(20) }).default({ issuers: [] }),
  feeConfigs: z.array(feeConfigSchema).max(10).default([]),
  cardTokenization2faConfig: cardTokenization2faConfigSchema.nullable().default(null),
  /** Subject to counterparty rules such as the EU Travel Rule (external accounts need ownershipType …). */
  subjectToCounterpartyRules: z.boolean().default(false),
  /** Money limits in USD cents equivalent; absent fields fall back to TRANSACTION_SIZE_LIMIT_USD_CENTS / DAILY_VOLUME_LIMIT_USD_CENTS. */
  limits: limitsSchema.optional(),
  /** Set only when the platform is created (Grid: "only by Lightspark"): such a platform verifies its own customers. */
  isRegulatedFinancialInstitution: z.boolean().default(false),
  /** Grid's umaDomain: the domain of the platform's customers' UMA addresses (kept and shown; addresses are not checked against it). */
  umaDomain: z
    .string()
    .max(253)
    .regex(
      /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      "a domain name such as uma.example.com",
    )
    .optional(),
  /** Grid's supportedCurrencies; absent: every currency the service moves, bounded by `limits` only. */
  supportedCurrencies: z.array(currencyConfigSchema).max(50).optional(),
  /** Sandbox only: customers resolve by the sandbox suffix at creation, without documents or POST /verifications. */
  skipVerificationPaperwork: z.boolean().default(false),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
