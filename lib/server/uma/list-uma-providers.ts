import { directory } from "@/lib/server/discoveries/directory";
import { staticPage } from "@/lib/server/discoveries/static-page";
import { currencyObject, isKnownCurrency } from "@/lib/server/money/currencies";

export function listUmaProviders(q: {
  limit: number;
  cursor?: string;
  countryCode?: string;
  currencyCode?: string;
  sortOrder: "asc" | "desc";
}) {
  const country = q.countryCode?.toUpperCase();
  const currency = q.currencyCode?.toUpperCase();
  const rows = directory()
    .umaProviders.filter(
      (p) =>
        (!country || p.supportedRegions.includes(country)) && (!currency || p.supportedCurrencies.includes(currency)),
    )
    .map((p) => ({
      ...p,
      supportedCurrencies: p.supportedCurrencies.filter(isKnownCurrency).map(currencyObject),
      allowListStatus: true,
    }));
  if (q.sortOrder === "desc") rows.reverse();
  return { ...staticPage(rows, q), totalCount: rows.length };
}
