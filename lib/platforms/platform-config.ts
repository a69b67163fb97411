import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId } from "@/lib/ids";
import { invalidInput } from "@/lib/api-core/validation";
import { platformSettingsSchema, type PlatformSettings } from "@/lib/api-core/platform-settings";
import type { PlatformConfig } from "./platform.contract";
import type { z } from "zod";
import type { platformSettingsPatchSchema } from "./platform.contract";
import { toFieldErrors } from "@/lib/api-core/validation";
import { getWebhookSigningKey } from "@/lib/webhooks/signing-key";
import { getEnclaveSigningKey } from "@/lib/keys/enclave-key";

export async function getPlatformConfig(platform: PlatformPrincipal): Promise<PlatformConfig> {
  const db = await getDb();
  const [row] = await db.select().from(platforms).where(eq(platforms.id, platform.id)).limit(1);
  const settings = platformSettingsSchema.parse(row.settings);
  // Read-only keys other areas publish (enclaveQuorumPublic, webhookPublicKey) are added here.
  const config: PlatformConfig = {
    id: formatId("Platform", row.id),
    name: row.name,
    environment: row.environment,
    ...settings,
    enclaveQuorumPublic: (await getEnclaveSigningKey()).publicKeyUncompressedHex,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  config.webhookPublicKey = (await getWebhookSigningKey()).publicKeyPem;
  return config;
}

export async function updatePlatformConfig(
  platform: PlatformPrincipal,
  patch: z.infer<typeof platformSettingsPatchSchema>,
): Promise<PlatformConfig> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(platforms).where(eq(platforms.id, platform.id)).for("update");
    const current = platformSettingsSchema.parse(row.settings);
    const merged = {
      ...current,
      ...patch,
      webauthn: { ...current.webauthn, ...(patch.webauthn ?? {}) },
      cardTokenization2faConfig: mergeTokenization2fa(current.cardTokenization2faConfig, patch.cardTokenization2faConfig),
    };
    const result = platformSettingsSchema.safeParse(merged);
    if (!result.success) throw invalidInput(toFieldErrors(result.error));
    const next: PlatformSettings = result.data;
    await tx.update(platforms).set({ settings: next, updatedAt: new Date() }).where(eq(platforms.id, platform.id));
  });
  return getPlatformConfig(platform);
}

/** Grid: "Fields omitted from the nested object are left unchanged"; null clears the whole config. */
function mergeTokenization2fa(current: PlatformSettings["cardTokenization2faConfig"], patch: PlatformSettings["cardTokenization2faConfig"] | undefined) {
  if (patch === undefined) return current;
  if (patch === null || current === null) return patch;
  return {
    ...current,
    ...patch,
    ...(patch.email || current.email ? { email: { ...current.email, ...patch.email } } : {}),
    ...(patch.sms || current.sms ? { sms: { ...current.sms, ...patch.sms } } : {}),
  };
}
