/** Currencies the service moves, with their minor-unit decimals (money is an integer in the smallest unit). */
export const CURRENCIES: Record<string, { name: string; symbol: string; decimals: number }> = {
  USD: { name: "US Dollar", symbol: "$", decimals: 2 },
  USDB: { name: "USDB", symbol: "USDB", decimals: 6 },
  USDC: { name: "USD Coin", symbol: "USDC", decimals: 6 },
  EUR: { name: "Euro", symbol: "€", decimals: 2 },
  GBP: { name: "Pound Sterling", symbol: "£", decimals: 2 },
  CAD: { name: "Canadian Dollar", symbol: "CA$", decimals: 2 },
  MXN: { name: "Mexican Peso", symbol: "MX$", decimals: 2 },
  BRL: { name: "Brazilian Real", symbol: "R$", decimals: 2 },
  INR: { name: "Indian Rupee", symbol: "₹", decimals: 2 },
  PHP: { name: "Philippine Peso", symbol: "₱", decimals: 2 },
  NGN: { name: "Nigerian Naira", symbol: "₦", decimals: 2 },
  BTC: { name: "Bitcoin", symbol: "₿", decimals: 8 },
};

export function isKnownCurrency(code: string): boolean {
  return code in CURRENCIES;
}

export function decimalsOf(code: string): number {
  return CURRENCIES[code]?.decimals ?? 2;
}

export function currencyObject(code: string) {
  const c = CURRENCIES[code] ?? { name: code, symbol: code, decimals: 2 };
  return { code, name: c.name, symbol: c.symbol, decimals: c.decimals };
}

export function money(amount: bigint, code: string) {
  return { amount: Number(amount), currency: currencyObject(code) };
}
