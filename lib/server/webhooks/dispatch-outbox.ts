import { type SQL, sql } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { fairPick } from "@/db/fair-pick";
import { env } from "@/lib/shared/config/env";
import { formatId } from "@/lib/shared/ids";
import { NO_ENDPOINT } from "./webhook-destination";

/** Notified at the commit of a fan-out that created deliveries (no payload). */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/**
 * Turn undispatched outbox events into deliveries, in one statement (so one database transaction): the events are
 * claimed with FOR UPDATE SKIP LOCKED (two workers take disjoint batches) in turns across platforms (db/fair-pick.ts:
 * a platform that wrote thousands of events shares each batch with the others instead of filling the batches ahead of
 * them; its own events keep their order), each becomes one delivery whose body is the
 * envelope `{id, type, timestamp, data}` (protocol.md "Webhooks"), and is marked dispatched. Returns how many events
 * were dispatched.
 *
 * The envelope is written by PostgreSQL from the event's row, so the events never travel to this process and back:
 * every payment writes one, and reading, parsing, re-serialising and sending each back (with the five statements of
 * a transaction around them) cost about as much CPU as a tenth of the payment itself (a CPU profile of bench:money-path).
 * The body is the text of the envelope (envelopeOf) fixed once, as before; `data` is as PostgreSQL prints the stored
 * JSON (a space after each `:` and `,`).
 */
export async function dispatchOutbox(batch = 200): Promise<number> {
  const db = await getDb();
  const giveUpMs = env().WEBHOOK_GIVE_UP_MS;
  const pick = fairPick({
    table: "outbox_events",
    tenant: "platform_id",
    pending: sql`r.dispatched_at is null`,
    due: sql`true`,
    order: "id",
    columns: ["id"],
    perTenant: batch,
    limit: batch,
  });
  const [r] = await execRows<{ n: number; notified: number }>(
    db,
    sql`with claimed as (
          select r.id, r.platform_id, r.type, r.data, r.created_at from ${pick} c join outbox_events r on r.id = c.id
          where r.dispatched_at is null order by c.turn, c.ord limit ${batch} for update of r skip locked),
        targets as (
          select c.*, nullif(p.settings ->> 'webhookUrl', '') as url
          from claimed c join platforms p on p.id = c.platform_id),
        delivered as (
          insert into webhook_deliveries
            (id, platform_id, event_type, body, status, last_error, next_attempt_at, give_up_at, created_at)
          select t.id, t.platform_id, t.type, ${envelopeOf("t")},
                 case when url is null then 'SKIPPED' else 'PENDING' end,
                 case when url is null then ${NO_ENDPOINT} end,
                 now(), created_at + ${giveUpMs}::float8 * interval '1 millisecond', created_at
          from targets t
          on conflict do nothing),
        dispatched as (
          update outbox_events set dispatched_at = now() where id in (select id from claimed))
        select (select count(*) from claimed)::int as n,
               -- Delivered at this statement's commit to every listening instance: each claims the new deliveries at
               -- once (lib/server/webhooks/worker.ts), not only the instance that fanned them out.
               (select count(*) from (select pg_notify(${DELIVERIES_CHANNEL}, '') from targets
                                      where url is not null limit 1) x)::int as notified`,
  );
  return r?.n ?? 0;
}

/**
 * The webhook envelope `{id, type, timestamp, data}` (protocol.md "Webhooks") of the outbox row aliased `alias`, as the
 * text PostgreSQL writes: the one definition of a delivery's body (the fan-out above, POST /webhooks/test). Its keys in
 * the documented order; `timestamp` the event's creation in UTC to the millisecond, as `Date.toISOString()` writes it;
 * `data` as PostgreSQL prints the stored JSON.
 */
export function envelopeOf(alias: string): SQL {
  const e = sql.identifier(alias);
  return sql`'{"id":' || to_json(${formatId("Webhook", "")}::text || ${e}.id::text)::text
    || ',"type":' || to_json(${e}.type)::text
    || ',"timestamp":' || to_json(to_char(${e}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    || ',"data":' || ${e}.data::text || '}'`;
}
