import { asc, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { outboxEvents, platforms, webhookDeliveries } from "@/db/schema";
import { env } from "@/lib/config/env";
import { formatId } from "@/lib/ids";
import { NO_ENDPOINT } from "./webhook-destination";

/** Notified at the commit of a fan-out that created deliveries (no payload). */
export const DELIVERIES_CHANNEL = "webhook_deliveries";

/**
 * Turn undispatched outbox events into deliveries, in one transaction: the events are claimed with
 * FOR UPDATE SKIP LOCKED (two workers take disjoint batches), each becomes one delivery whose body
 * is the envelope `{id, type, timestamp, data}` (protocol.md "Webhooks"), and is marked dispatched.
 * Returns how many events were dispatched.
 */
export async function dispatchOutbox(batch = 200): Promise<number> {
  const db = await getDb();
  const giveUpMs = env().WEBHOOK_GIVE_UP_MS;
  return db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(outboxEvents)
      .where(isNull(outboxEvents.dispatchedAt))
      .orderBy(asc(outboxEvents.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    if (events.length === 0) return 0;
    const platformIds = [...new Set(events.map((e) => e.platformId))];
    const rows = await tx
      .select({ id: platforms.id, settings: platforms.settings })
      .from(platforms)
      .where(inArray(platforms.id, platformIds));
    const urlOf = new Map(rows.map((r) => [r.id, (r.settings as { webhookUrl?: string | null }).webhookUrl ?? null]));
    const now = new Date();
    await tx
      .insert(webhookDeliveries)
      .values(
        events.map((e) => {
          const url = urlOf.get(e.platformId);
          return {
            id: e.id,
            platformId: e.platformId,
            eventType: e.type,
            body: envelopeJson(e.id, e.type, e.createdAt, e.data),
            status: url ? ("PENDING" as const) : ("SKIPPED" as const),
            lastError: url ? null : NO_ENDPOINT,
            nextAttemptAt: now,
            giveUpAt: new Date(e.createdAt.getTime() + giveUpMs),
            createdAt: e.createdAt,
          };
        }),
      )
      .onConflictDoNothing();
    await tx
      .update(outboxEvents)
      .set({ dispatchedAt: sql`now()` })
      .where(
        inArray(
          outboxEvents.id,
          events.map((e) => e.id),
        ),
      );
    // Delivered at this commit to every listening instance: each claims the new deliveries at once
    // (lib/webhooks/worker.ts), not only the instance that fanned them out.
    if ([...urlOf.values()].some(Boolean)) await tx.execute(sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`);
    return events.length;
  });
}

/** The webhook envelope `{id, type, timestamp, data}` (protocol.md "Webhooks"). */
export function envelopeJson(id: string, type: string, createdAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ id: formatId("Webhook", id), type, timestamp: createdAt.toISOString(), data });
}
