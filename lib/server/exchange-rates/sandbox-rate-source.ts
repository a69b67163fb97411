import type { RateSource } from "./rate-source";

/**
 * The sandbox's fixed, documented table (docs/protocol.md "Exchange rates"): units of each currency
 * per 1 USD. A pair's rate is to/from; USD-pegged stablecoins are 1.
 */
const SANDBOX_UNITS_PER_USD: Record<string, number> = {
  USD: 1,
  USDB: 1,
  USDC: 1,
  EUR: 0.92,
  GBP: 0.79,
  CAD: 1.36,
  MXN: 17.25,
  BRL: 5.4,
  INR: 83.2,
  PHP: 56.5,
  NGN: 1550,
  BTC: 0.00001,
};

export const sandboxRateSource: RateSource = {
  name: "sandbox",
  currencies: () => Object.keys(SANDBOX_UNITS_PER_USD),
  async rate(from, to) {
    const f = SANDBOX_UNITS_PER_USD[from];
    const t = SANDBOX_UNITS_PER_USD[to];
    if (f === undefined || t === undefined) return null;
    return Number((t / f).toPrecision(12));
  },
};
