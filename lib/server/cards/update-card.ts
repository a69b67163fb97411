import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { cards } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import type { Card, CardUpdate } from "./card.contract";
import { toCard } from "./card-view";
import { findCardOrThrow } from "./find-card";
import { resolveFundingSources } from "./funding-sources";
import { cardFundingSourceChangeEvent, cardStateChangeEvent } from "./card.contract";

const ALLOWED: Record<string, string[]> = { ACTIVE: ["FROZEN", "CLOSED"], FROZEN: ["ACTIVE", "CLOSED"] };

/**
 * PATCH /cards/{id}: freeze/unfreeze, close, replace funding sources, set or clear the limit — answered
 * 200 directly (an action about the cardholder, not by them). Each change and its webhook commit together.
 */
export async function updateCard(platform: PlatformPrincipal, cardId: string, input: CardUpdate): Promise<Card> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const card = await findCardOrThrow(tx, platform.id, cardId, true);
    if (card.state === "CLOSED") {
      if (input.state === "CLOSED") throw new ApiError("CARD_ALREADY_CLOSED", `Card ${cardId} is already CLOSED`);
      throw new ApiError("CARD_NOT_MUTABLE", `Card ${cardId} is CLOSED and cannot change`);
    }
    const set: Partial<typeof cards.$inferInsert> = { updatedAt: new Date() };
    const nextState = input.state;
    const stateChanges = nextState !== undefined && nextState !== card.state;
    if (stateChanges) {
      if (!ALLOWED[card.state]?.includes(nextState)) {
        throw new ApiError("INVALID_STATE_TRANSITION", `A card cannot move from ${card.state} to ${input.state}`, {
          from: card.state,
          to: input.state,
        });
      }
      set.state = input.state;
      if (input.state === "CLOSED") {
        set.stateReason = "CLOSED_BY_PLATFORM";
        set.fundingSources = [];
      }
    }
    if (input.fundingSources) {
      const funding = await resolveFundingSources(tx, {
        platformId: platform.id,
        customerId: card.customerId,
        ids: input.fundingSources,
        cardCurrency: card.currency,
      });
      set.fundingSources = funding.uuids;
    }
    if (input.maxSpendPerTransaction !== undefined) {
      set.maxSpendPerTransaction = input.maxSpendPerTransaction === null ? null : BigInt(input.maxSpendPerTransaction);
    }
    const [row] = await tx.update(cards).set(set).where(eq(cards.id, card.id)).returning();
    const out = toCard(row);
    if (stateChanges) await emitEvent(tx, cardStateChangeEvent, { platformId: platform.id, data: out });
    if (input.fundingSources) await emitEvent(tx, cardFundingSourceChangeEvent, { platformId: platform.id, data: out });
    return out;
  });
}
