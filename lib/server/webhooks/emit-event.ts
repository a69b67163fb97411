import type { z } from "zod";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { afterCommit } from "@/db/commit-hooks";
import { outboxEvents } from "@/db/schema";
import { checkedEvent, type EventDef, type EventType } from "@/lib/server/core/events";
import { newUuid } from "@/lib/shared/ids";
import { announceOutbox } from "./announce-outbox";

/** One event for the outbox: its type's binding (an area contract's `defineEvent`), the platform and the data. */
export interface EventInput<S extends z.ZodType> {
  platformId: string;
  data: z.input<S>;
  /** Set by POST /webhooks/test, which delivers the event itself at once (the fan-out skips it). */
  dispatchedAt?: Date;
}

/**
 * The outbox row of an event: the one way an event is written. The data is parsed by its type's schema in every
 * environment (lib/server/core/events.ts checkedEvent): a microsecond beside the write, and an event that would break
 * the documented contract refuses the state change it belongs to instead of reaching receivers.
 */
function outboxRow<S extends z.ZodType>(def: EventDef<EventType, S>, event: EventInput<S>) {
  return {
    id: newUuid(),
    platformId: event.platformId,
    type: def.type,
    data: checkedEvent(def, event.data) as Record<string, unknown>,
    ...(event.dispatchedAt ? { createdAt: event.dispatchedAt, dispatchedAt: event.dispatchedAt } : {}),
  };
}

/**
 * The INSERT of an event into the outbox, built once, for a statement built once that writes it with the state change
 * (a data-modifying CTE of lib/server/transactions/transitions.ts finishExecution: one round trip fewer): placeholders
 * `eventId`, `eventPlatformId`, `eventType` and `eventData`, bound per call by eventParams.
 */
export function eventInsertOnce(db: Db) {
  return db.insert(outboxEvents).values({
    id: sql.placeholder("eventId"),
    platformId: sql.placeholder("eventPlatformId"),
    type: sql.placeholder("eventType"),
    data: sql.placeholder("eventData"),
  });
}

/**
 * The values of eventInsertOnce's placeholders: the same checked row as emitEvent's, for the transaction `tx` that
 * writes it (announced to the webhook worker when `tx` commits, as emitEvent's).
 */
export function eventParams<S extends z.ZodType>(tx: Tx, def: EventDef<EventType, S>, event: EventInput<S>) {
  const row = outboxRow(def, { platformId: event.platformId, data: event.data });
  announceAtCommit(tx);
  return { eventId: row.id, eventPlatformId: row.platformId, eventType: row.type, eventData: row.data };
}

/** Write an event to the outbox inside the caller's transaction (ARCHITECTURE.md "Outbox": state change and event commit together). */
export async function emitEvent<S extends z.ZodType>(
  tx: Tx,
  def: EventDef<EventType, S>,
  event: EventInput<S>,
): Promise<string> {
  const row = outboxRow(def, event);
  await tx.insert(outboxEvents).values(row);
  if (!event.dispatchedAt) announceAtCommit(tx);
  return row.id;
}

/** Wake a webhook worker once `tx` commits (at once when `tx` is the handle's db: the insert has committed). */
function announceAtCommit(tx: Tx): void {
  if (!afterCommit(tx, announceOutbox)) announceOutbox();
}
