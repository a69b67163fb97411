import { count, eq, gte, lte, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { pageOf } from "@/db/list-page";
import { parseId } from "@/lib/shared/ids";
import { actionQuery, toAgentAction } from "@/lib/server/agents/money/action-view";

const NONE = "00000000-0000-0000-0000-000000000000";

export interface ActionFilters {
  limit: number;
  cursor?: string;
  sortOrder: "asc" | "desc";
}

/** A page of agent actions in `where`, with Grid's totalCount (db/list-page.ts). */
export async function pageOfActions(where: SQL[], q: ActionFilters) {
  const db = await getDb();
  return pageOf(
    q,
    {
      id: transactions.id,
      rows: (after, order, limit) =>
        actionQuery(db, after ? [...where, after] : where)
          .orderBy(order)
          .limit(limit),
      count: async () => (await db.select({ total: count() }).from(actionQuery(db, where).as("a")))[0].total,
      idOf: (r) => r.t.id,
    },
    (rows) => rows.map(toAgentAction),
  );
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
