import { getDb } from "@/db/client";
import { receiverLookups } from "@/db/schema";
import { getRate } from "@/lib/server/exchange-rates/get-rate";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newUuid, parseId } from "@/lib/shared/ids";
import { currencyObject, isKnownCurrency } from "@/lib/server/money/currencies";
import { resolveCustomerCurrency } from "./sender-currency";
import type { CounterpartyAnswer } from "./counterparty";

/**
 * Store the receiver's answer (a quote names it by lookupId, and it must stay the answer the customer saw)
 * and render Grid's lookup response, rates priced from the sending customer's currency.
 */
export async function recordLookup(
  platform: PlatformPrincipal,
  q: { customerId?: string },
  target: { receiverUmaAddress?: string; externalAccountId?: string },
  answer: Omit<CounterpartyAnswer, "receiverUmaAddress">,
) {
  const db = await getDb();
  const sender = await resolveCustomerCurrency(db, platform.id, q.customerId);
  const id = newUuid();
  await db.insert(receiverLookups).values({
    id,
    platformId: platform.id,
    customerId: sender.customerId,
    receiverUmaAddress: target.receiverUmaAddress ?? null,
    externalAccountId: target.externalAccountId ? parseId("ExternalAccount", target.externalAccountId) : null,
    answer: { ...answer },
  });
  const supportedCurrencies = [];
  for (const c of answer.currencies.filter((x) => isKnownCurrency(x.code))) {
    supportedCurrencies.push({
      currency: currencyObject(c.code),
      estimatedExchangeRate: Number((await getRate(sender.currency, c.code)).rate),
      min: c.min,
      max: c.max,
    });
  }
  return {
    supportedCurrencies,
    requiredPayerDataFields: answer.requiredPayerDataFields,
    lookupId: formatId("Lookup", id),
  };
}
