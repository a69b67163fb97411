import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { cards } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { CardRow } from "./card-view";

/** A card of this platform, or 404 CARD_NOT_FOUND (the same for another platform's card); `lock` takes FOR UPDATE. */
export async function findCardOrThrow(db: DbOrTx, platformId: string, cardId: string, lock = false): Promise<CardRow> {
  const uuid = parseId("Card", cardId);
  if (uuid) {
    const q = db
      .select()
      .from(cards)
      .where(and(eq(cards.id, uuid), eq(cards.platformId, platformId)))
      .limit(1);
    const [row] = lock ? await q.for("update") : await q;
    if (row) return row;
  }
  throw notFound("CARD_NOT_FOUND", "Card", cardId);
}
