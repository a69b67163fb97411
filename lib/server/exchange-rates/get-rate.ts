import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { exchangeRateCache } from "@/db/schema";
import { env } from "@/lib/shared/config/env";
import type { RateSource } from "./rate-source";
import { sandboxRateSource } from "./sandbox-rate-source";

export function rateSource(): RateSource {
  switch (env().EXCHANGE_RATE_SOURCE) {
    case "sandbox":
      return sandboxRateSource;
  }
}

export interface CachedRate {
  from: string;
  to: string;
  rate: number;
  fetchedAt: Date;
  expiresAt: Date;
}

/**
 * The rate for a pair, from the database cache while fresh (every instance shares it), else from the
 * source, written back with a new expiry. Same currency is 1 without a lookup.
 */
export async function getRate(from: string, to: string, db?: DbOrTx): Promise<CachedRate> {
  const now = new Date();
  if (from === to)
    return { from, to, rate: 1, fetchedAt: now, expiresAt: new Date(now.getTime() + env().EXCHANGE_RATE_TTL_MS) };
  const conn = db ?? (await getDb());
  const source = rateSource();
  const [hit] = await conn
    .select()
    .from(exchangeRateCache)
    .where(
      and(
        eq(exchangeRateCache.source, source.name),
        eq(exchangeRateCache.fromCurrency, from),
        eq(exchangeRateCache.toCurrency, to),
      ),
    );
  if (hit && hit.expiresAt > now)
    return { from, to, rate: Number(hit.rate), fetchedAt: hit.fetchedAt, expiresAt: hit.expiresAt };
  const rate = await source.rate(from, to);
  if (rate === null || !(rate > 0)) {
    throw invalidInput(
      [{ field: "currency", message: `Supported currencies: ${source.currencies().join(", ")}` }],
      `No exchange rate from ${from} to ${to}`,
      { reason: "UNSUPPORTED_CURRENCY_PAIR" },
    );
  }
  const expiresAt = new Date(now.getTime() + env().EXCHANGE_RATE_TTL_MS);
  await conn
    .insert(exchangeRateCache)
    .values({ source: source.name, fromCurrency: from, toCurrency: to, rate: String(rate), fetchedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [exchangeRateCache.source, exchangeRateCache.fromCurrency, exchangeRateCache.toCurrency],
      set: { rate: String(rate), fetchedAt: now, expiresAt, fetchCount: sql`${exchangeRateCache.fetchCount} + 1` },
    });
  return { from, to, rate, fetchedAt: now, expiresAt };
}
