import { sql, type SQL } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { env, type Env } from "@/lib/shared/config/env";
import { REDEEM_WINDOW_SECONDS } from "@/lib/server/agents/limit-redeem-attempts";
import { AUTH_FAILURE_WINDOW_SECONDS } from "@/lib/server/platforms/auth-throttle";
import { expireScaQuotes } from "@/lib/server/quotes/expire-sca-quotes";
import { RATE_LIMITS } from "@/lib/server/rate-limit/consume-rate-limit";
import { NONCE_WINDOW_S } from "@/lib/server/uma/nonce-cache";

/** What the sweeper deletes: each table with the condition that makes a row dead weight (the retention variables of docs/configuration.md). */
function purges(cfg: Env): { table: string; dead: SQL }[] {
  const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;
  const longestRateWindow =
    Math.max(
      ...Object.values(RATE_LIMITS)
        .flat()
        .map((r) => r.windowSeconds),
    ) * 1000;
  return [
    { table: "signed_requests", dead: sql`expires_at < now() - ${ms(cfg.SIGNED_REQUEST_RETENTION_MS)}` },
    { table: "otp_challenges", dead: sql`expires_at < now() - ${ms(cfg.CHALLENGE_RETENTION_MS)}` },
    { table: "passkey_challenges", dead: sql`expires_at < now() - ${ms(cfg.CHALLENGE_RETENTION_MS)}` },
    { table: "sca_challenges", dead: sql`expires_at < now() - ${ms(cfg.CHALLENGE_RETENTION_MS)}` },
    // An expired token is refused before its digest is looked up, so the digest is needed only until exp.
    { table: "oidc_token_uses", dead: sql`expires_at < now() - ${ms(cfg.OIDC_TOKEN_USE_RETENTION_MS)}` },
    { table: "agent_device_codes", dead: sql`expires_at < now() - ${ms(cfg.DEVICE_CODE_RETENTION_MS)}` },
    // Counters whose window has passed restart at the next event anyway.
    { table: "rate_limit_events", dead: sql`at < now() - ${ms(longestRateWindow)}` },
    { table: "agent_redeem_attempts", dead: sql`window_start < now() - ${ms(REDEEM_WINDOW_SECONDS * 1000)}` },
    { table: "platform_auth_failures", dead: sql`window_start < now() - ${ms(AUTH_FAILURE_WINDOW_SECONDS * 1000)}` },
    // A nonce older than the window is refused by its timestamp alone (lib/server/uma/nonce-cache.ts).
    { table: "uma_nonces", dead: sql`signed_at < now() - ${ms(NONCE_WINDOW_S * 2000)}` },
  ];
}

/**
 * One pass of the sweeper: per table, bounded batches of dead rows, each claimed with SKIP LOCKED so that
 * any number of instances may sweep at once without waiting on each other or on live traffic.
 * Returns the rows deleted per table.
 */
export async function sweepOnce(cfg: Env = env()): Promise<Record<string, number>> {
  const db = await getDb();
  const deleted: Record<string, number> = {};
  const batch = cfg.SWEEP_BATCH_SIZE;
  for (const { table, dead } of purges(cfg)) {
    deleted[table] = 0;
    // At most ten batches per table per pass: a large backlog drains over several passes.
    for (let i = 0; i < 10; i++) {
      const t = sql.identifier(table);
      const [{ n }] = await execRows<{ n: number }>(
        db,
        sql`with gone as (
              delete from ${t} where ctid in (select ctid from ${t} where ${dead} limit ${batch} for update skip locked)
              returning 1)
            select count(*)::int as n from gone`,
      );
      deleted[table] += Number(n);
      if (Number(n) < batch) break;
    }
  }
  // Not a purge: quotes whose SCA challenge lapsed fail with SCA_NOT_COMPLETED (before their challenge rows go).
  deleted.scaQuotesFailed = await expireScaQuotes(batch);
  return deleted;
}
