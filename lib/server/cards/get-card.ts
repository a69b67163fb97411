import { getDb } from "@/db/client";
import type { Card } from "./card.contract";
import { toCard } from "./card-view";
import { findCardOrThrow } from "./find-card";

export async function getCard(platformId: string, cardId: string): Promise<Card> {
  return toCard(await findCardOrThrow(await getDb(), platformId, cardId));
}
