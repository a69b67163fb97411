import { eq, sql, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { cards } from "@/db/schema";
import { parseId } from "@/lib/shared/ids";
import type { CARD_STATES } from "./card.contract";
import { toCard } from "./card-view";

const NONE = "00000000-0000-0000-0000-000000000000";

/** GET /cards: an unknown or foreign id in a filter filters to nothing (protocol.md). */
export async function listCards(
  platformId: string,
  q: {
    limit: number;
    cursor?: string;
    cardholderId?: string;
    accountId?: string;
    platformCardId?: string;
    state?: (typeof CARD_STATES)[number];
    sortOrder: "asc" | "desc";
  },
) {
  const where: SQL[] = [eq(cards.platformId, platformId)];
  if (q.cardholderId) where.push(eq(cards.customerId, parseId("Customer", q.cardholderId) ?? NONE));
  if (q.accountId)
    where.push(
      sql`${cards.fundingSources} @> ${JSON.stringify([parseId("InternalAccount", q.accountId) ?? NONE])}::jsonb`,
    );
  if (q.platformCardId) where.push(eq(cards.platformCardId, q.platformCardId));
  if (q.state) where.push(eq(cards.state, q.state));
  return listPage(cards, { ...q, filters: where }, (rows) => rows.map((r) => toCard(r)));
}
