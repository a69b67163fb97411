import { z } from "zod";
import {
  webauthnSettingsSchema,
  oidcIssuerSchema,
  feeConfigSchema,
  limitsSchema,
  platformSettingsSchema,
  cardTokenization2faConfigSchema,
} from "@/lib/api-core/platform-settings";

export const platformSettingsPatchSchema = z
  .object({
    webhookUrl: z.string().url().nullable(),
    sessionLifetimeSeconds: z.number().int().min(60).max(7 * 24 * 3600),
    webauthn: webauthnSettingsSchema.partial(),
    oidc: z.object({ issuers: z.array(oidcIssuerSchema).max(20) }),
    feeConfigs: z.array(feeConfigSchema).max(10),
    cardTokenization2faConfig: cardTokenization2faConfigSchema.nullable().describe("Omitted nested fields are left unchanged; null clears it"),
    subjectToCounterpartyRules: z.boolean(),
    limits: limitsSchema,
  })
  .partial()
  .strict();

export const platformConfigSchema = platformSettingsSchema.extend({
  id: z.string().describe("Platform:<uuid>"),
  name: z.string(),
  environment: z.enum(["SANDBOX", "PRODUCTION"]).describe("Read-only over the API"),
  enclaveQuorumPublic: z.string().optional().describe("Uncompressed P-256 public key (hex) that signs enclave bundles; pin it"),
  webhookPublicKey: z.string().optional().describe("PEM (SPKI) public key that signs webhooks"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlatformConfig = z.infer<typeof platformConfigSchema>;
