import type { Tx } from "@/db/client";
import { outboxEvents } from "@/db/schema";
import { newUuid } from "@/lib/ids";

/** Write an event to the outbox inside the caller's transaction (ARCHITECTURE.md "Outbox": state change and event commit together). */
export async function emitEvent(
  tx: Tx,
  event: { platformId: string; type: string; data: Record<string, unknown> },
): Promise<string> {
  const id = newUuid();
  await tx.insert(outboxEvents).values({ id, platformId: event.platformId, type: event.type, data: event.data });
  return id;
}
