import { invalidInput } from "@/lib/server/core/validation";
import type { PlatformSettings } from "@/lib/server/core/platform-settings";

/** `platformFeeOverride` of POST /quotes (reference: QuoteRequest). */
export interface PlatformFeeOverride {
  platformFixedFee: { amount: number; currency: string };
  platformVariableFeeBps: number;
}

export interface FeeRule {
  fixed: bigint;
  variableBps: number;
  origin: "CONFIG" | "OVERRIDE" | "NONE";
}

/**
 * The platform fee rule for a quote. Spec Limits: a standing fee config and a per-transaction override
 * both require a USD source currency. A standing config (validated USD-only by PATCH /config) simply
 * does not apply to other source currencies; an override on a non-USD source is refused with 400.
 */
export function feeRuleFor(
  settings: PlatformSettings,
  sendingCurrency: string,
  override?: PlatformFeeOverride,
): FeeRule {
  if (override) {
    const errors: { field: string; message: string }[] = [];
    if (sendingCurrency !== "USD") {
      errors.push({
        field: "platformFeeOverride",
        message: `A platform fee override requires a USD source currency; the source is ${sendingCurrency}`,
      });
    }
    if (override.platformFixedFee.currency !== "USD") {
      errors.push({
        field: "platformFeeOverride.platformFixedFee.currency",
        message: `Expected USD, received ${override.platformFixedFee.currency}`,
      });
    }
    if (errors.length) throw invalidInput(errors, errors[0].message, { reason: "FEE_REQUIRES_USD_SOURCE" });
    return {
      fixed: BigInt(override.platformFixedFee.amount),
      variableBps: override.platformVariableFeeBps,
      origin: "OVERRIDE",
    };
  }
  const config = settings.feeConfigs.find((f) => f.currency === sendingCurrency);
  if (!config || sendingCurrency !== "USD") return { fixed: 0n, variableBps: 0, origin: "NONE" };
  return { fixed: BigInt(config.fixedAmount ?? 0), variableBps: config.variableRateBps ?? 0, origin: "CONFIG" };
}

/** Fee on a base amount (minor units): fixed + variable, the variable part rounded up. */
export function feeOn(base: bigint, rule: FeeRule): bigint {
  return rule.fixed + (base * BigInt(rule.variableBps) + 9_999n) / 10_000n;
}
