import { sql } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { fairPick } from "@/db/fair-pick";
import { env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";
import { retryDelayMs } from "./backoff";
import { postWebhook } from "./post-webhook";
import { SIGNATURE_HEADER, signWebhook } from "./sign-webhook";
import { DestinationRefused, NO_ENDPOINT, resolveDestination, type Environment } from "./webhook-destination";

export interface Claimed {
  id: string;
  platform_id: string;
  event_type: string;
  body: string;
  attempts: number;
  give_up_at: Date | string;
  url: string | null;
  environment: Environment;
}

export interface AttemptOutcome {
  id: string;
  attempt: number;
  statusCode: number | null;
  result: "DELIVERED" | "RETRY" | "FAILED";
  /** Our reason when the attempt did not deliver (never the receiver's body). */
  error: string | null;
  /** The start of the receiver's answer when it accepted the delivery and `keepBytes` asked for it. */
  responseBody?: string;
}

/**
 * Claim up to `limit` due deliveries, taken in turns across platforms (db/fair-pick.ts): `busy` holds this instance's
 * deliveries in flight per platform, which count before a platform's turns and off its `perPlatform`, so a platform
 * whose receiver is slow holds at most `perPlatform` of the instance's slots and every other platform's due delivery
 * is claimed by the next free slot, ahead of the rest of that backlog. Deliveries of one platform keep their order.
 * The claim is one statement: rows are locked with FOR UPDATE SKIP LOCKED, their attempt counter goes up and
 * `next_attempt_at` moves a lease ahead, then the lock is released. Another worker therefore skips them while this one
 * sends, and picks them up again only if this one dies before recording the result (at-least-once).
 */
export async function claimDue(
  limit: number,
  perPlatform = limit,
  busy: Record<string, number> = {},
): Promise<Claimed[]> {
  if (limit <= 0) return [];
  const db = await getDb();
  const leaseMs = env().WEBHOOK_TIMEOUT_MS + 5_000;
  const due = sql`r.next_attempt_at <= now()`;
  const pick = fairPick({
    table: "webhook_deliveries",
    tenant: "platform_id",
    pending: sql`r.status = 'PENDING'`,
    due,
    order: "next_attempt_at",
    columns: ["id"],
    perTenant: perPlatform,
    limit,
    busy,
  });
  return execRows<Claimed>(
    db,
    sql`with due as (
          select r.id from ${pick} c join webhook_deliveries r on r.id = c.id
          where r.status = 'PENDING' and ${due}
          order by c.turn, c.ord
          limit ${limit}
          for update of r skip locked
        )
        update webhook_deliveries d
        set attempts = d.attempts + 1,
            next_attempt_at = now() + (${leaseMs}::int * interval '1 millisecond'),
            last_attempt_at = now(),
            updated_at = now()
        from due, platforms p
        where d.id = due.id and p.id = d.platform_id
        returning d.id, d.platform_id, d.event_type, d.body, d.attempts, d.give_up_at, p.settings->>'webhookUrl' as url, p.environment`,
  );
}

/** The one reason of every attempt that got no answer from its receiver (deliveryError). */
const UNREACHABLE = "The receiver could not be reached";

/**
 * Send one claimed delivery and record the outcome. The destination is checked after resolution
 * and the connection goes to the checked address. The log keeps the receiver's status code and a
 * short reason of ours, never the receiver's body, nor addresses and ports of a refused host.
 */
export async function attemptDelivery(
  c: Claimed,
  privateKey: import("node:crypto").KeyObject,
  keepBytes = 0,
): Promise<AttemptOutcome> {
  const cfg = env();
  let statusCode: number | null = null;
  let error: string | null = null;
  let responseBody: string | undefined;
  const startedAt = new Date();
  if (!c.url) {
    error = NO_ENDPOINT;
  } else {
    try {
      const dest = await resolveDestination(c.url, c.environment);
      const t = Math.floor(Date.now() / 1000);
      const headers = {
        "content-type": "application/json",
        "user-agent": "payments-service-webhooks/1",
        [SIGNATURE_HEADER]: signWebhook(c.body, t, privateKey),
      };
      // A private receiver's answer is never handed back: it could be any internal service.
      const res = await postWebhook(dest, headers, c.body, cfg.WEBHOOK_TIMEOUT_MS, dest.isPublic ? keepBytes : 0);
      statusCode = res.status;
      const ok = (res.status >= 200 && res.status < 300) || res.status === 409;
      if (ok && dest.isPublic && keepBytes > 0) responseBody = res.bodyStart;
      if (!ok)
        error =
          res.status >= 300 && res.status < 400
            ? `Receiver answered ${res.status}; redirects are not followed`
            : `Receiver answered ${res.status}`;
    } catch (e) {
      error = deliveryError(e);
    }
  }
  const delivered = error === null;
  // 409 means the receiver already has this id: never retried (protocol.md).
  const giveUpAt = new Date(c.give_up_at);
  const nextAt = new Date(Date.now() + retryDelayMs(c.attempts, cfg.WEBHOOK_RETRY_BASE_MS, cfg.WEBHOOK_RETRY_CAP_MS));
  const retry = !delivered && nextAt <= giveUpAt;
  const result = delivered ? "DELIVERED" : retry ? "RETRY" : "FAILED";
  const db = await getDb();
  // Guarded by the attempt number: a worker whose lease ran out (and whose row another worker
  // re-claimed) must not overwrite the newer attempt's record. The attempt joins the log either way.
  // One statement (atomic on its own): one round trip, and no pooled connection held across a transaction
  // while many deliveries of this instance record their outcomes at once.
  const now = new Date().toISOString();
  await db.execute(sql`with upd as (
      update webhook_deliveries
      set status = ${delivered ? "DELIVERED" : retry ? "PENDING" : "FAILED"},
          last_status_code = ${statusCode}::int,
          last_error = ${error}::text,
          last_url = ${c.url}::text,
          next_attempt_at = ${retry ? nextAt.toISOString() : now}::timestamptz,
          delivered_at = ${delivered ? now : null}::timestamptz,
          updated_at = ${now}::timestamptz
      where id = ${c.id}::uuid and attempts = ${c.attempts}::int and status = 'PENDING'
      returning id
    )
    insert into webhook_delivery_attempts (delivery_id, attempt, url, status_code, error, result, duration_ms, attempted_at)
    values (${c.id}::uuid, ${c.attempts}::int, ${c.url}::text, ${statusCode}::int, ${error}::text, ${result},
            ${Date.now() - startedAt.getTime()}::int, ${startedAt.toISOString()}::timestamptz)`);
  if (!delivered) logger.info({ deliveryId: c.id, attempt: c.attempts, statusCode, result }, "webhook attempt failed");
  return {
    id: c.id,
    attempt: c.attempts,
    statusCode,
    result,
    error,
    ...(responseBody !== undefined ? { responseBody } : {}),
  };
}

/**
 * Why an attempt failed, as the attempt's log and POST /webhooks/test tell it. A destination the rules refuse says
 * why (nothing was sent). Every other failure before an answer (refused, reset, timeout, a name that does not
 * resolve) is one sentence: a sandbox platform may point its endpoint at any loopback port, and distinct reasons
 * would tell it which ports of the service's host are open.
 */
function deliveryError(e: unknown): string {
  if (e instanceof DestinationRefused) return `Destination refused: ${e.message}`;
  return UNREACHABLE;
}
