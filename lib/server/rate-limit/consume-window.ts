import { sql } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { rateLimited } from "@/lib/server/core/errors";

/**
 * Count one event under `key` in a fixed window of `windowSeconds`, or throw 429 RATE_LIMITED with `Retry-After` (the
 * window's end) once `limit` events are in it (a refused call counts too, and changes nothing else). One upsert, so one round trip, and no row per event: for limits that
 * many calls pass under (the sandbox's money simulations), where the sliding log of consume-rate-limit.ts would read
 * every event of the window at each call. The row's lock orders concurrent calls under one key, on every instance.
 */
export async function consumeWindow(key: string, limit: number, windowSeconds: number, what: string): Promise<void> {
  const db = await getDb();
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [r] = await execRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into rate_limit_windows as w (key, window_start, count) values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when w.window_start <= now() - ${window} then 1 else w.count + 1 end,
          window_start = case when w.window_start <= now() - ${window} then now() else w.window_start end
        returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`,
  );
  if (r && Number(r.count) > limit) throw rateLimited(r.retry_after, what);
}
