import { sql } from "drizzle-orm";
import { execRows, type DbOrTx } from "@/db/client";
import { env } from "@/lib/shared/config/env";
import { rateLimited } from "@/lib/server/core/errors";

/**
 * protocol.md "Failed platform authentication": failures per client id from one source, and per source address, per
 * window. The client id's count is kept per source: counted alone, anyone who knows a client id could lock its
 * platform out with a few wrong secrets. The source is the TCP peer unless it is a trusted proxy
 * (lib/server/rate-limit/source-address.ts), so an attacker cannot spread its guesses over made-up sources either.
 */
export const AUTH_FAILURE_WINDOW_SECONDS = 60;

export interface AuthThrottleKeys {
  client: string;
  source: string;
}

export function throttleKeys(clientId: string, sourceAddress: string): AuthThrottleKeys {
  return { client: `client:${clientId} ${sourceAddress}`, source: `source:${sourceAddress}` };
}

type Counted = { key: string; count: number; retry_after: number };

/**
 * Keys this process has seen over their limit, until their window ends. Only a shortcut: an attempt under a key found
 * here answers 429 without the database read; every other attempt reads PostgreSQL, the one place the counts live,
 * so another instance (or this one after a restart) decides the same from the table.
 */
const blockedUntil = new Map<string, number>();
const BLOCKED_MAX = 10_000;

function throwIfBlockedHere(keys: AuthThrottleKeys): void {
  const now = Date.now();
  for (const key of [keys.client, keys.source]) {
    const until = blockedUntil.get(key);
    if (until === undefined) continue;
    if (until <= now) blockedUntil.delete(key);
    else throw rateLimited(Math.ceil((until - now) / 1000), "failed platform authentications");
  }
}

function throwIfOver(rows: Counted[], keys: AuthThrottleKeys, over: (limit: number, count: number) => boolean): void {
  for (const r of rows) {
    const limit = r.key === keys.client ? env().AUTH_FAILURES_PER_CLIENT_ID : env().AUTH_FAILURES_PER_SOURCE;
    if (over(limit, Number(r.count))) {
      if (blockedUntil.size >= BLOCKED_MAX) blockedUntil.clear();
      blockedUntil.set(r.key, Date.now() + Number(r.retry_after) * 1000);
      throw rateLimited(Number(r.retry_after), "failed platform authentications");
    }
  }
}

const WINDOW = sql`make_interval(secs => ${AUTH_FAILURE_WINDOW_SECONDS})`;

/** A read: 429 when either key has used up its failures in the current window (no hash is computed then). */
export async function checkAuthThrottle(db: DbOrTx, keys: AuthThrottleKeys): Promise<void> {
  throwIfBlockedHere(keys);
  const rows = await execRows<Counted>(
    db,
    sql`select key, count, ceil(extract(epoch from (window_start + ${WINDOW} - now())))::int as retry_after
        from platform_auth_failures where key in (${keys.client}, ${keys.source}) and window_start > now() - ${WINDOW}`,
  );
  throwIfOver(rows, keys, (limit, count) => count >= limit);
}

/**
 * Count the attempt as a failure before hashing (one upsert of both fixed windows), so that concurrent
 * guesses cannot hash past the limit; `releaseAuthAttempt` gives it back when the secret was right.
 */
export async function reserveAuthAttempt(db: DbOrTx, keys: AuthThrottleKeys): Promise<void> {
  const rows = await execRows<Counted>(
    db,
    sql`insert into platform_auth_failures as f (key, window_start, count)
        values (${keys.client}, now(), 1), (${keys.source}, now(), 1)
        on conflict (key) do update set
          count = case when f.window_start <= now() - ${WINDOW} then 1 else f.count + 1 end,
          window_start = case when f.window_start <= now() - ${WINDOW} then now() else f.window_start end
        returning key, count, ceil(extract(epoch from (window_start + ${WINDOW} - now())))::int as retry_after`,
  );
  throwIfOver(rows, keys, (limit, count) => count > limit);
}

/** The right secret: the reserved attempt was not a failure (this is no reset of earlier failures). */
export async function releaseAuthAttempt(db: DbOrTx, keys: AuthThrottleKeys): Promise<void> {
  await db.execute(
    sql`update platform_auth_failures set count = greatest(count - 1, 0) where key in (${keys.client}, ${keys.source})`,
  );
}
