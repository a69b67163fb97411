import { assertAmountsBounded } from "@/lib/server/money/amount-bound";
import { feeOn, feeRuleFor } from "@/lib/server/money/platform-fee";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { convertDown } from "@/lib/server/money/convert";
import { currencyObject } from "@/lib/server/money/currencies";
import { transactionSizeLimit } from "@/lib/server/money/limits";
import { railsTo } from "./corridors";
import type { ExchangeRate, ExchangeRateQuery } from "./exchange-rate.contract";
import { getRate, rateSource } from "./get-rate";

/**
 * One rate per destination currency and payout rail (Grid's corridors). Amounts are computed for
 * `sendingAmount` (Grid's default 10000 when absent): the platform's fees come out of it, the rest is converted.
 */
export async function listExchangeRates(
  platform: PlatformPrincipal,
  q: ExchangeRateQuery,
): Promise<{ data: ExchangeRate[] }> {
  const S = q.sourceCurrency;
  const targets =
    q.destinationCurrency ??
    rateSource()
      .currencies()
      .filter((c) => c !== S);
  const rule = feeRuleFor(platform.settings, S);
  const sending = BigInt(q.sendingAmount);
  const total = feeOn(sending, rule);
  const maxUsd = transactionSizeLimit(platform.settings);
  const maxSending = S === "USD" ? maxUsd : convertDown(maxUsd, "USD", S, (await getRate("USD", S)).rate);
  const data: ExchangeRate[] = [];
  for (const D of [...new Set(targets)]) {
    const rails = railsTo(D);
    if (rails.length === 0) continue;
    const r = await getRate(S, D);
    const net = sending - total;
    const converted = net > 0n ? convertDown(net, S, D, r.rate) : 0n;
    // A sendingAmount near 2^53 − 1 converted into a currency of more minor units would answer an unsafe integer.
    assertAmountsBounded("sendingAmount", [converted], `The amount received in ${D}`);
    const receiving = Number(converted);
    for (const rail of rails) {
      data.push({
        sourceCurrency: currencyObject(S),
        destinationCurrency: currencyObject(D),
        destinationPaymentRail: rail,
        sendingAmount: q.sendingAmount,
        minSendingAmount: Number(feeOn(1n, rule)) + 1,
        maxSendingAmount: Number(maxSending),
        receivingAmount: receiving,
        exchangeRate: r.rate,
        fees: { fixed: Number(rule.fixed), total: Number(total), variableBps: rule.variableBps },
        updatedAt: r.fetchedAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      });
    }
  }
  return { data };
}
