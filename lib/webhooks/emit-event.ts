import type { Tx } from "@/db/client";
import { outboxEvents } from "@/db/schema";
import { newUuid } from "@/lib/ids";

/**
 * The INSERT of an event into the outbox, not yet run: for a caller that writes it in the same statement as the
 * state change (a data-modifying CTE), one round trip fewer.
 */
export function eventInsert(tx: Tx, event: { platformId: string; type: string; data: Record<string, unknown> }) {
  return tx
    .insert(outboxEvents)
    .values({ id: newUuid(), platformId: event.platformId, type: event.type, data: event.data });
}

/** Write an event to the outbox inside the caller's transaction (ARCHITECTURE.md "Outbox": state change and event commit together). */
export async function emitEvent(
  tx: Tx,
  event: { platformId: string; type: string; data: Record<string, unknown> },
): Promise<string> {
  const id = newUuid();
  await tx.insert(outboxEvents).values({ id, platformId: event.platformId, type: event.type, data: event.data });
  return id;
}
