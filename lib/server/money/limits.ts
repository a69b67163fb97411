import { sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { preparedSqlInTransaction } from "@/db/prepared";
import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformSettings } from "@/lib/server/core/platform-settings";

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
 * What the customer has sent today (UTC), excluding `exceptTransactionId`: the sum of `usd_value_cents` of its OUTGOING,
 * non-FUNDING transactions created today whose money has left its balance and not come back, read from the running
 * total instead of the day's transactions: ONE statement reading the customer's row of `customer_daily_volumes` for
 * today (and any later day, as `created_at >= today` did: a row stamped by an application clock a little ahead of the
 * database's near midnight) and the excepted row by its primary key alone (its other conditions are tested on the
 * row, so that no other index of transactions can be chosen), so its cost does not grow with the day's payments
 * (test/integration/transactions/daily-volume.test.ts reads its plan). "Today" is the database's now().
 *
 * What counts (trigger in db/migrations/0027_daily_volume_held.sql): COMPLETED, and PENDING after the debit (held by
 * the receiving side, transitions.ts HOLD; not a PENDING whose platform approval is pending: that one has moved
 * nothing yet). A held payment that fails or is cancelled leaves the total in the database transaction that fails it.
 * A PROCESSING row is never committed on its own (transitions.ts: the execution that follows in the same database
 * transaction ends it COMPLETED, PENDING or FAILED, or the whole transaction rolls back), so no other transaction's
 * PROCESSING row is missed here and the executing one is excluded. The excepted row is subtracted when it counts in
 * the total (created today or later); the engine's own row is PROCESSING, so for it that term is 0.
 *
 * Lock order: the volume row is written (locked) only when a transaction of the customer enters or leaves a counted
 * status (or by direct SQL). Entering one is the end of an execution (transitions.ts finishing: COMPLETE or HOLD),
 * which runs after execute-transaction.ts has locked the customer's row (FOR NO KEY UPDATE) and its internal
 * accounts; leaving one is a CANCEL of a held payment, which locks the customer before its update
 * (cancel-transaction.ts). The order is always customer → accounts → volume row, so no path can deadlock on it, and
 * since every writer of a customer's volume row already holds that customer's row lock, nobody ever waits for the
 * volume row itself. Counting PROCESSING instead would lock the volume row when a payment enters PROCESSING (the
 * insert of transitions.ts enter, or APPROVE/AUTHORIZE), before the customer's lock, and POST /sandbox/send takes the
 * other order in one transaction (its FUNDING credit executes and locks the customer, then the quote's transaction
 * enters PROCESSING): with a concurrent payment of that customer holding the volume row and waiting for the customer,
 * a deadlock.
 *
 * The caller holds the customer's row lock, so concurrent executions for one customer count in turn; this statement
 * starts after the lock statement, so its READ COMMITTED snapshot includes the total of the payment that held the
 * lock before (execute-transaction.ts).
 */
export async function sentTodayUsdCents(tx: Tx, customerId: string, exceptTransactionId: string): Promise<bigint> {
  // Started by this call (the execution pipelines it behind its locks); built once, bound per call.
  const [row] = await sentToday(tx).execute({ customerId, exceptTransactionId });
  return BigInt(row?.total ?? "0");
}

const sentToday = preparedSqlInTransaction<{ total: string | null }>(
  "sent_today_usd_cents",
  () =>
    sql`select (coalesce((select sum(v.usd_value_cents) from customer_daily_volumes v
                          where v.customer_id = ${sql.placeholder("customerId")}
                            and v.day >= (now() at time zone 'utc')::date), 0)
              - coalesce((select case when t.customer_id = ${sql.placeholder("customerId")} and t.direction = 'OUTGOING'
                                           and t.kind <> 'FUNDING'
                                           and (t.status = 'COMPLETED'
                                                or (t.status = 'PENDING' and t.approval is distinct from 'PENDING'))
                                           and (t.created_at at time zone 'utc')::date >= (now() at time zone 'utc')::date
                                      then t.usd_value_cents else 0 end
                          from transactions t where t.id = ${sql.placeholder("exceptTransactionId")}), 0)
               )::text as total`,
);

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
