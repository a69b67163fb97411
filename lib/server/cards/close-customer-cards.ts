import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { cardReveals, cards } from "@/db/schema";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { toCard } from "./card-view";
import { cardStateChangeEvent } from "./card.contract";

/**
 * A deleted customer's cards (in the deletion's transaction): every card not yet CLOSED is closed (funding sources
 * dropped, CARD.STATE_CHANGE emitted, as PATCH /cards closes one), and every unused reveal link of its cards is spent,
 * so nothing of a deleted customer authorizes or shows its number again.
 */
export async function closeCustomerCards(tx: Tx, platformId: string, customerUuid: string): Promise<void> {
  const now = new Date();
  const closed = await tx
    .update(cards)
    .set({ state: "CLOSED", stateReason: "CLOSED_BY_PLATFORM", fundingSources: [], updatedAt: now })
    .where(and(eq(cards.customerId, customerUuid), eq(cards.platformId, platformId), ne(cards.state, "CLOSED")))
    .returning();
  for (const row of closed) await emitEvent(tx, cardStateChangeEvent, { platformId, data: toCard(row) });
  const ids = (
    await tx
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.customerId, customerUuid), eq(cards.platformId, platformId)))
  ).map((r) => r.id);
  if (ids.length > 0)
    await tx
      .update(cardReveals)
      .set({ usedAt: now })
      .where(and(inArray(cardReveals.cardId, ids), isNull(cardReveals.usedAt)));
}
