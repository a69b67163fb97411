/**
 * Amounts for people: the smallest unit turned into the currency's decimals, formatted per locale. ISO 4217
 * codes get the locale's currency style; other assets (USDB, USDC, BTC) a number and their code.
 */
export interface CurrencyLike {
  code: string;
  decimals?: number;
  symbol?: string;
}

export function formatMoney(amount: number, currency: CurrencyLike | string, locale: string): string {
  const c = typeof currency === "string" ? { code: currency, decimals: 2 } : currency;
  const decimals = c.decimals ?? 2;
  const value = amount / 10 ** decimals;
  const shown = Math.min(decimals, 2) || 0;
  const fraction = {
    minimumFractionDigits: shown,
    maximumFractionDigits: Math.max(shown, significant(amount, decimals)),
  };
  if (/^[A-Z]{3}$/.test(c.code)) {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency: c.code, ...fraction }).format(value);
    } catch {}
  }
  return `${new Intl.NumberFormat(locale, fraction).format(value)} ${c.code}`;
}

/** Decimals needed to show the amount exactly (at most the currency's). */
function significant(amount: number, decimals: number): number {
  let d = decimals;
  let a = amount;
  while (d > 0 && a % 10 === 0) {
    a /= 10;
    d--;
  }
  return d;
}

/** A person's amount ("12.50" or "12,50") in the smallest unit, or null when it is not a positive amount. */
export function parseAmount(text: string, decimals: number): number | null {
  const t = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const [whole, frac = ""] = t.split(".");
  if (frac.length > decimals) return null;
  const n = Number(whole) * 10 ** decimals + Number(frac.padEnd(decimals, "0") || "0");
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A date and/or time for people, in the locale's style and the browser's time zone. */
export function formatDateTime(
  when: string | number | Date,
  locale: string,
  style: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" },
): string {
  return new Intl.DateTimeFormat(locale, style).format(new Date(when));
}
