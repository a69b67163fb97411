import { feeOn, feeRuleFor } from "@/lib/money/platform-fee";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { convertDown } from "@/lib/money/convert";
import { currencyObject, money } from "@/lib/money/currencies";
import { getRate, rateSource } from "./get-rate";

export async function listExchangeRates(
  platform: PlatformPrincipal,
  q: { sourceCurrency: string; destinationCurrency?: string; sendingAmount?: number },
) {
  const S = q.sourceCurrency;
  const targets = q.destinationCurrency ? [q.destinationCurrency] : rateSource().currencies().filter((c) => c !== S);
  const rule = feeRuleFor(platform.settings, S);
  const data = [];
  for (const D of targets) {
    const r = await getRate(S, D);
    const item: Record<string, unknown> = {
      sourceCurrency: currencyObject(S),
      destinationCurrency: currencyObject(D),
      exchangeRate: r.rate,
      fees: { fixed: money(rule.fixed, S), variableBps: rule.variableBps },
      updatedAt: r.fetchedAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    };
    if (q.sendingAmount !== undefined) {
      const sending = BigInt(q.sendingAmount);
      const net = sending - feeOn(sending, rule);
      item.sendingAmount = q.sendingAmount;
      item.receivingAmount = net > 0n ? Number(convertDown(net, S, D, r.rate)) : 0;
    }
    data.push(item);
  }
  return { data };
}
