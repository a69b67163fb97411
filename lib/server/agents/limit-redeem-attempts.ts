import { sql } from "drizzle-orm";
import { execRows, type DbOrTx } from "@/db/client";
import { rateLimited } from "@/lib/server/core/errors";
import { env } from "@/lib/shared/config/env";

const REDEEM_LIMIT = 10;
export const REDEEM_WINDOW_SECONDS = 60;

/**
 * Count one redemption attempt for the code (known or not) and for the source address across codes, in
 * fixed one-minute windows kept in PostgreSQL, so every server instance shares them (protocol.md "Rate limit
 * defaults": 10 per minute per code; DEVICE_CODE_REDEEMS_PER_SOURCE, default 30). Past either → 429 RATE_LIMITED with Retry-After.
 * The sweeper (lib/server/sweeper) deletes windows long past.
 */
export async function limitRedeemAttempts(db: DbOrTx, codeDigest: string, source: string): Promise<void> {
  const sourceKey = `source:${source}`;
  const rows = await execRows<{ code_digest: string; count: number; retry_after: number }>(
    db,
    sql`insert into agent_redeem_attempts as a (code_digest, window_start, count)
        values (${codeDigest}, now(), 1), (${sourceKey}, now(), 1)
        on conflict (code_digest) do update set
          count = case when a.window_start <= now() - make_interval(secs => ${REDEEM_WINDOW_SECONDS}) then 1 else a.count + 1 end,
          window_start = case when a.window_start <= now() - make_interval(secs => ${REDEEM_WINDOW_SECONDS}) then now() else a.window_start end
        returning code_digest, count, ceil(extract(epoch from (window_start + make_interval(secs => ${REDEEM_WINDOW_SECONDS}) - now())))::int as retry_after`,
  );
  for (const row of rows) {
    // Across codes the key is the source address: redemption is unauthenticated, so a guess names no platform.
    const limit = row.code_digest === sourceKey ? env().DEVICE_CODE_REDEEMS_PER_SOURCE : REDEEM_LIMIT;
    if (Number(row.count) > limit) throw rateLimited(Number(row.retry_after), "device-code redemption attempts");
  }
}
