/**
 * A source of exchange rates. `rate(from, to)` = units of `to` per one unit of `from` (major units),
 * or null when the source does not quote the pair. Add a source by implementing this and naming it in
 * EXCHANGE_RATE_SOURCE (lib/shared/config/env.ts).
 */
export interface RateSource {
  name: string;
  currencies(): string[];
  rate(from: string, to: string): Promise<number | null>;
}
