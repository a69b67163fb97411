import { sql } from "drizzle-orm";
import { execRows, type Tx } from "@/db/client";
import { env } from "@/lib/config/env";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformSettings } from "@/lib/api-core/platform-settings";

export function transactionSizeLimit(settings: PlatformSettings): bigint {
  return BigInt(settings.limits?.transactionSizeLimitUsdCents ?? env().TRANSACTION_SIZE_LIMIT_USD_CENTS);
}

export function dailyVolumeLimit(settings: PlatformSettings): bigint {
  return BigInt(settings.limits?.dailyVolumeLimitUsdCents ?? env().DAILY_VOLUME_LIMIT_USD_CENTS);
}

/** 400 TRANSACTION_SIZE_LIMIT_EXCEEDED when one transaction is above the size limit (USD cents equivalent). */
export function checkTransactionSize(settings: PlatformSettings, usdValueCents: bigint): void {
  const limit = transactionSizeLimit(settings);
  if (usdValueCents > limit) {
    throw new ApiError(
      "TRANSACTION_SIZE_LIMIT_EXCEEDED",
      `The transaction is worth ${usdValueCents} USD cents; the limit is ${limit}`,
      {
        limitUsdCents: Number(limit),
        amountUsdCents: Number(usdValueCents),
      },
    );
  }
}

/**
 * What the customer has sent today (UTC), counted in the database, excluding `exceptTransactionId`.
 * The caller holds the customer's row lock, so concurrent executions for one customer count in turn.
 */
export async function sentTodayUsdCents(tx: Tx, customerId: string, exceptTransactionId: string): Promise<bigint> {
  const [row] = await execRows<{ total: string | null }>(
    tx,
    sql`select coalesce(sum(usd_value_cents), 0)::text as total from transactions
        where customer_id = ${customerId} and direction = 'OUTGOING' and kind <> 'FUNDING'
          and status in ('PROCESSING', 'COMPLETED') and id <> ${exceptTransactionId}
          and created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'`,
  );
  return BigInt(row?.total ?? "0");
}

export function dailyVolumeError(limit: bigint, used: bigint, amount: bigint): ApiError {
  const resetsAt = new Date();
  resetsAt.setUTCHours(24, 0, 0, 0);
  const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 1000));
  return new ApiError(
    "DAILY_VOLUME_LIMIT_EXCEEDED",
    `The customer has sent ${used} USD cents today; ${amount} more would pass the daily limit of ${limit}`,
    {
      limitUsdCents: Number(limit),
      usedUsdCents: Number(used),
      amountUsdCents: Number(amount),
      resetsAt: resetsAt.toISOString(),
    },
    { "Retry-After": String(retryAfter) },
  );
}
