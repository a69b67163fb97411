import { z } from "zod";
import {
  webauthnSettingsSchema,
  oidcIssuerSchema,
  limitsSchema,
  platformSettingsSchema,
  cardTokenization2faConfigSchema,
  currencyConfigSchema,
} from "@/lib/server/core/platform-settings";

/** Grid's FeeConfig: keyed by (feeType, sourceCurrency); only USD sources (spec Limits). */
const gridFeeConfigSchema = z
  .object({
    feeType: z.enum(["CROSS_CURRENCY_TRANSACTION"]),
    sourceCurrency: z.enum(["USD"]).describe("Source currency the fee applies to; only USD is allowed"),
    variableFeeBps: z.number().int().min(0).max(10_000),
    fixedFee: z
      .object({ amount: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), currency: z.enum(["USD"]) })
      .strict(),
  })
  .strict();
export type GridFeeConfig = z.infer<typeof gridFeeConfigSchema>;

const webhookEndpointSchema = z.string().url().nullable();

export const platformSettingsPatchSchema = z
  .object({
    webhookEndpoint: webhookEndpointSchema,
    webhookUrl: webhookEndpointSchema.meta({ deprecated: true, description: "Deprecated alias of webhookEndpoint" }),
    sessionLifetimeSeconds: z
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 3600),
    webauthn: webauthnSettingsSchema.partial(),
    oidc: z.object({ issuers: z.array(oidcIssuerSchema).max(20) }),
    feeConfigs: z
      .array(gridFeeConfigSchema)
      .max(10)
      .describe(
        "Merge-by-key upsert keyed by (feeType, sourceCurrency); variableFeeBps 0 and fixedFee.amount 0 remove the config",
      ),
    cardTokenization2faConfig: cardTokenization2faConfigSchema
      .nullable()
      .describe("Omitted nested fields are left unchanged; null clears it"),
    subjectToCounterpartyRules: z.boolean(),
    limits: limitsSchema,
    skipVerificationPaperwork: z.boolean(),
    supportedCurrencies: z
      .array(currencyConfigSchema)
      .min(1)
      .max(50)
      .nullable()
      .describe(
        "Replaces the list: quotes and transfers are refused in a currency not listed, in a direction not enabled, or " +
          "outside minAmount–maxAmount (400 INVALID_INPUT naming the field); null: every currency again",
      ),
    umaDomain: platformSettingsSchema.shape.umaDomain.unwrap(),
  })
  .partial()
  .strict();

export const platformConfigSchema = platformSettingsSchema.omit({ webhookUrl: true, feeConfigs: true }).extend({
  webhookEndpoint: z.string().nullable(),
  webhookUrl: z.string().nullable().meta({ deprecated: true, description: "Deprecated alias of webhookEndpoint" }),
  feeConfigs: z.array(gridFeeConfigSchema),
  cardTokenization2faConfig: z.record(z.string(), z.unknown()).optional().describe("Absent until set"),
  id: z.string().describe("Platform:<uuid>"),
  name: z.string(),
  environment: z.enum(["SANDBOX", "PRODUCTION"]).describe("Read-only over the API"),
  enclaveQuorumPublic: z
    .string()
    .optional()
    .describe("Uncompressed P-256 public key (hex) that signs enclave bundles; pin it"),
  webhookPublicKey: z.string().optional().describe("PEM (SPKI) public key that signs webhooks"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
