import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { invalidInput } from "@/lib/server/core/validation";
import { platformSettingsSchema, type PlatformSettings } from "@/lib/server/core/platform-settings";
import type { GridFeeConfig, PlatformConfig } from "./platform.contract";
import type { z } from "zod";
import type { platformSettingsPatchSchema } from "./platform.contract";
import { toFieldErrors } from "@/lib/server/core/validation";
import { CURRENCIES, isKnownCurrency } from "@/lib/server/money/currencies";
import { getWebhookSigningKey } from "@/lib/server/webhooks/signing-key";
import { getEnclaveSigningKey } from "@/lib/server/keys/enclave-key";
import { OIDC_RULES, webhookUrlRefusal } from "@/lib/server/webhooks/webhook-destination";

export async function getPlatformConfig(platform: PlatformPrincipal): Promise<PlatformConfig> {
  const db = await getDb();
  const [row] = await db.select().from(platforms).where(eq(platforms.id, platform.id)).limit(1);
  const { webhookUrl, feeConfigs, cardTokenization2faConfig, ...settings } = platformSettingsSchema.parse(row.settings);
  // Read-only keys other areas publish (enclaveQuorumPublic, webhookPublicKey) are added here.
  const config: PlatformConfig = {
    id: formatId("Platform", row.id),
    name: row.name,
    environment: row.environment,
    ...settings,
    ...(cardTokenization2faConfig ? { cardTokenization2faConfig } : {}),
    webhookEndpoint: webhookUrl,
    webhookUrl,
    feeConfigs: feeConfigs.map((f) => ({
      feeType: "CROSS_CURRENCY_TRANSACTION",
      sourceCurrency: f.currency,
      variableFeeBps: f.variableRateBps ?? 0,
      fixedFee: { amount: f.fixedAmount ?? 0, currency: f.currency },
    })),
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
  // Resolved outside the transaction: DNS may be slow and the row is locked inside.
  const refusals = [];
  for (const field of ["webhookEndpoint", "webhookUrl"] as const) {
    const url = patch[field];
    const refusal = url ? await webhookUrlRefusal(url, platform.environment) : null;
    if (refusal) refusals.push({ field, message: refusal });
  }
  // The OpenID issuers the service will fetch from (lib/server/credentials/oauth/oidc-jwks.ts): the same destination rules.
  for (const [i, entry] of (patch.oidc?.issuers ?? []).entries()) {
    for (const key of ["issuer", "jwksUri"] as const) {
      const url = entry[key];
      const refusal = url ? await webhookUrlRefusal(url, platform.environment, OIDC_RULES) : null;
      if (refusal) refusals.push({ field: `oidc.issuers.${i}.${key}`, message: refusal });
    }
  }
  refusals.push(...currencyRefusals(patch.supportedCurrencies));
  if (refusals.length) throw invalidInput(refusals);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(platforms).where(eq(platforms.id, platform.id)).for("update");
    const current = platformSettingsSchema.parse(row.settings);
    const { webhookEndpoint, webhookUrl, feeConfigs, supportedCurrencies, ...rest } = patch;
    if (webhookEndpoint !== undefined && webhookUrl !== undefined && webhookEndpoint !== webhookUrl) {
      throw invalidInput([
        { field: "webhookUrl", message: "Deprecated alias of webhookEndpoint; send one of them, or the same value" },
      ]);
    }
    const merged = {
      ...current,
      ...rest,
      webhookUrl:
        webhookEndpoint !== undefined ? webhookEndpoint : webhookUrl !== undefined ? webhookUrl : current.webhookUrl,
      supportedCurrencies:
        supportedCurrencies === undefined ? current.supportedCurrencies : (supportedCurrencies ?? undefined),
      feeConfigs: feeConfigs ? mergeFeeConfigs(current.feeConfigs, feeConfigs) : current.feeConfigs,
      webauthn: { ...current.webauthn, ...(patch.webauthn ?? {}) },
      cardTokenization2faConfig: mergeTokenization2fa(
        current.cardTokenization2faConfig,
        patch.cardTokenization2faConfig,
      ),
    };
    const result = platformSettingsSchema.safeParse(merged);
    if (!result.success) throw invalidInput(toFieldErrors(result.error));
    const next: PlatformSettings = result.data;
    await tx.update(platforms).set({ settings: next, updatedAt: new Date() }).where(eq(platforms.id, platform.id));
  });
  return getPlatformConfig(platform);
}

/** A supportedCurrencies list names currencies the service moves, each once. */
function currencyRefusals(list: PlatformSettings["supportedCurrencies"] | null | undefined) {
  const seen = new Set<string>();
  const refusals = [];
  for (const [i, c] of (list ?? []).entries()) {
    const field = `supportedCurrencies.${i}.currencyCode`;
    if (!isKnownCurrency(c.currencyCode))
      refusals.push({ field, message: `Not a currency this service moves (${Object.keys(CURRENCIES).join(", ")})` });
    else if (seen.has(c.currencyCode)) refusals.push({ field, message: `${c.currencyCode} is listed twice` });
    seen.add(c.currencyCode);
  }
  return refusals;
}

/** Grid's merge-by-key upsert (key: source currency, the only fee type being cross-currency); zero fees remove a config. */
function mergeFeeConfigs(
  current: PlatformSettings["feeConfigs"],
  patch: GridFeeConfig[],
): PlatformSettings["feeConfigs"] {
  const byCurrency = new Map(current.map((f) => [f.currency, f]));
  for (const f of patch) {
    if (f.variableFeeBps === 0 && f.fixedFee.amount === 0) byCurrency.delete(f.sourceCurrency);
    else
      byCurrency.set(f.sourceCurrency, {
        currency: f.sourceCurrency,
        variableRateBps: f.variableFeeBps,
        fixedAmount: f.fixedFee.amount,
      });
  }
  return [...byCurrency.values()];
}

/** Grid: "Fields omitted from the nested object are left unchanged"; null clears the whole config. */
function mergeTokenization2fa(
  current: PlatformSettings["cardTokenization2faConfig"],
  patch: PlatformSettings["cardTokenization2faConfig"] | undefined,
) {
  if (patch === undefined) return current;
  if (patch === null || current === null) return patch;
  return {
    ...current,
    ...patch,
    ...(patch.email || current.email ? { email: { ...current.email, ...patch.email } } : {}),
    ...(patch.sms || current.sms ? { sms: { ...current.sms, ...patch.sms } } : {}),
  };
}
