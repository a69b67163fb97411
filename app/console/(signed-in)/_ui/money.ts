/** An amount in minor units with its currency, formatted for the locale (codes Intl does not know keep their code). */
export function money(
  m: { amount: number; currency: { code: string; decimals: number } } | undefined | null,
  locale: string,
): string {
  if (!m) return "—";
  const value = m.amount / 10 ** m.currency.decimals;
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: m.currency.code,
      minimumFractionDigits: m.currency.decimals,
      maximumFractionDigits: m.currency.decimals,
    }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: m.currency.decimals, maximumFractionDigits: m.currency.decimals }).format(value)} ${m.currency.code}`;
  }
}
