import { Currency, KycStatus, type SettlementOption } from "@uma-sdk/core";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { getRate } from "@/lib/server/exchange-rates/get-rate";
import { CURRENCIES } from "@/lib/server/money/currencies";
import { umaPayerOptions } from "./payer-data";

/** The sandbox settlement layer's name in `settlementOptions` (docs/protocol.md "UMA"). */
export const SANDBOX_SETTLEMENT_LAYER = "sandbox";
const MSATS_PER_BTC = 100_000_000_000;
const MAX_SENDABLE = 100_000_000;

/** What a receiver accepts, as the LNURLP response and the pay-request callback both state it. */
export async function receiverTerms(platform: PlatformPrincipal, accountCurrencies: string[]) {
  const configured = platform.settings.supportedCurrencies;
  const codes = [...new Set(accountCurrencies)].filter(
    (code) =>
      CURRENCIES[code] &&
      (!configured ||
        configured.some((c) => c.currencyCode === code && c.enabledTransactionTypes.includes("INCOMING"))),
  );
  const currencies: Currency[] = [];
  for (const code of codes) {
    const meta = CURRENCIES[code];
    const cfg = configured?.find((c) => c.currencyCode === code);
    // UMA's multiplier: millisatoshis per smallest unit of the currency (the library's unit of account).
    const btcPerUnit = Number((await getRate(code, "BTC")).rate);
    const multiplier = Math.max(1, Math.round((btcPerUnit * MSATS_PER_BTC) / 10 ** meta.decimals));
    currencies.push(
      new Currency(
        code,
        meta.name,
        meta.symbol,
        multiplier,
        cfg?.minAmount || 1,
        cfg?.maxAmount || MAX_SENDABLE,
        meta.decimals,
      ),
    );
  }
  const required =
    configured?.filter((c) => codes.includes(c.currencyCode)).flatMap((c) => c.requiredCounterpartyFields) ?? [];
  const payerDataOptions = umaPayerOptions(required);
  const settlementOptions: SettlementOption[] | undefined =
    platform.environment === "SANDBOX"
      ? [
          {
            settlementLayer: SANDBOX_SETTLEMENT_LAYER,
            assets: codes.map((code) => ({ identifier: code, multipliers: { [code]: 1 } })),
          },
        ]
      : undefined;
  return { currencies, payerDataOptions, settlementOptions };
}

export function kycStatusOf(status: string): KycStatus {
  if (status === "APPROVED") return KycStatus.Verified;
  if (status === "PENDING" || status === "HOLD") return KycStatus.Pending;
  return KycStatus.NotVerified;
}
