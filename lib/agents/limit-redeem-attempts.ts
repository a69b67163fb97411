import { sql } from "drizzle-orm";
import { execRows, type DbOrTx } from "@/db/client";
import { rateLimited } from "@/lib/api-core/errors";

export const REDEEM_LIMIT = 10;
export const REDEEM_WINDOW_SECONDS = 60;

/**
 * Count one redemption attempt for the code (known or not) in a fixed one-minute window kept in
 * PostgreSQL, so every server instance shares it (protocol.md "Rate limit defaults": 10 per minute
 * per code). The 11th attempt in a window → 429 RATE_LIMITED with Retry-After.
 */
export async function limitRedeemAttempts(db: DbOrTx, codeDigest: string): Promise<void> {
  const [row] = await execRows<{ count: number; retry_after: number }>(
    db,
    sql`insert into agent_redeem_attempts as a (code_digest, window_start, count)
        values (${codeDigest}, now(), 1)
        on conflict (code_digest) do update set
          count = case when a.window_start <= now() - make_interval(secs => ${REDEEM_WINDOW_SECONDS}) then 1 else a.count + 1 end,
          window_start = case when a.window_start <= now() - make_interval(secs => ${REDEEM_WINDOW_SECONDS}) then now() else a.window_start end
        returning count, ceil(extract(epoch from (window_start + make_interval(secs => ${REDEEM_WINDOW_SECONDS}) - now())))::int as retry_after`,
  );
  // Windows long past are dead weight: about one attempt in a hundred sweeps them.
  if (Math.random() < 0.01) await db.execute(sql`delete from agent_redeem_attempts where window_start < now() - interval '1 hour'`);
  if (Number(row.count) > REDEEM_LIMIT) throw rateLimited(Number(row.retry_after), "device-code redemption attempts");
}
