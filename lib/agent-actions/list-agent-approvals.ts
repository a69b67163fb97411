import { asc, count, desc, eq, gt, gte, lt, lte, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, encodeCursor, type Page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { actionQuery, toAgentAction } from "@/lib/agent-money/action-view";

const NONE = "00000000-0000-0000-0000-000000000000";

export interface ActionFilters {
  limit: number;
  cursor?: string;
  sortOrder: "asc" | "desc";
}

/** A page of agent actions in `where`, with Grid's totalCount. */
export async function pageOfActions(where: SQL[], q: ActionFilters) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(actionQuery(db, where).as("a"));
  const after = decodeCursor(q.cursor);
  if (after) where = [...where, q.sortOrder === "asc" ? gt(transactions.id, after) : lt(transactions.id, after)];
  const rows = await actionQuery(db, where)
    .orderBy(q.sortOrder === "asc" ? asc(transactions.id) : desc(transactions.id))
    .limit(q.limit + 1);
  const hasMore = rows.length > q.limit;
  const slice = hasMore ? rows.slice(0, q.limit) : rows;
  const out: Page<ReturnType<typeof toAgentAction>> = { data: slice.map(toAgentAction), hasMore, totalCount: total };
  if (hasMore) out.nextCursor = encodeCursor(slice[slice.length - 1].t.id);
  return out;
}

/** GET /agents/approvals: the platform's agent actions waiting for its decision. */
export async function listAgentApprovals(
  platform: PlatformPrincipal,
  q: ActionFilters & { agentId?: string; customerId?: string; startDate?: string; endDate?: string },
) {
  // An unknown or another platform's id filters to nothing.
  const where: SQL[] = [
    eq(transactions.platformId, platform.id),
    eq(transactions.status, "PENDING"),
    eq(transactions.approval, "PENDING"),
  ];
  if (q.agentId !== undefined) where.push(eq(transactions.agentId, parseId("Agent", q.agentId) ?? NONE));
  if (q.customerId !== undefined) where.push(eq(transactions.customerId, parseId("Customer", q.customerId) ?? NONE));
  if (q.startDate) where.push(gte(transactions.createdAt, new Date(q.startDate)));
  if (q.endDate) where.push(lte(transactions.createdAt, new Date(q.endDate)));
  return pageOfActions(where, q);
}
