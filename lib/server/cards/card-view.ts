import type { InferSelectModel } from "drizzle-orm";
import type { cards } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { Card } from "./card.contract";

export type CardRow = InferSelectModel<typeof cards>;

export function toCard(r: CardRow): Card {
  const out: Card = {
    id: formatId("Card", r.id),
    cardholderId: formatId("Customer", r.customerId),
    platformCardId: r.platformCardId,
    state: r.state,
    stateReason: r.stateReason,
    brand: r.brand,
    form: r.form,
    last4: r.last4,
    expMonth: r.expMonth,
    expYear: r.expYear,
    fundingSources: r.fundingSources.map((u) => formatId("InternalAccount", u)),
    maxSpendPerTransaction: r.maxSpendPerTransaction === null ? null : Number(r.maxSpendPerTransaction),
    currency: r.currency,
    processorRef: r.processorRef,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  return out;
}
