/**
 * Type-level checks of the event catalogue, compiled by `tsc --noEmit -p tsconfig.json` (npm test's typecheck):
 * each `@ts-expect-error` must meet an error. Never run.
 */
import type { Tx } from "@/db/client";
import type { Card } from "@/lib/server/cards/card.contract";
import { cardStateChangeEvent } from "@/lib/server/cards/card.contract";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import type { WebhookEvent } from "@/lib/sdk/webhooks";

declare const tx: Tx;
declare const card: Card;

export async function writers(): Promise<void> {
  await emitEvent(tx, cardStateChangeEvent, { platformId: "p", data: card });
  // @ts-expect-error an event's data must be its type's schema's (a card state change carries the Card)
  await emitEvent(tx, cardStateChangeEvent, { platformId: "p", data: { id: "Card:1" } });
  // @ts-expect-error no event is written by name alone: the catalogue's binding is the only way
  await emitEvent(tx, { type: "CARD.STOLEN" }, { platformId: "p", data: card });
}

export function receiver(event: WebhookEvent): string {
  if (event.type === "CARD_TRANSACTION.SETTLED") return event.data.issuerTransactionToken;
  // @ts-expect-error the SDK knows the catalogue's types only
  if (event.type === "CARD.STOLEN") return "";
  return event.id;
}
