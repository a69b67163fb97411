import { and, asc, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { cards } from "@/db/schema";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
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
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(cards.platformId, platformId)];
  if (q.cardholderId) where.push(eq(cards.customerId, parseId("Customer", q.cardholderId) ?? NONE));
  if (q.accountId) where.push(sql`${cards.fundingSources} @> ${JSON.stringify([parseId("InternalAccount", q.accountId) ?? NONE])}::jsonb`);
  if (q.platformCardId) where.push(eq(cards.platformCardId, q.platformCardId));
  if (q.state) where.push(eq(cards.state, q.state));
  if (after) where.push(q.sortOrder === "asc" ? gt(cards.id, after) : lt(cards.id, after));
  const rows = await db
    .select()
    .from(cards)
    .where(and(...where))
    .orderBy(q.sortOrder === "asc" ? asc(cards.id) : desc(cards.id))
    .limit(q.limit + 1);
  return page(rows, q.limit, toCard);
}
