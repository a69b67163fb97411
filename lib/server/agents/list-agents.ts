import { eq, gte, isNotNull, isNull, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { listPage } from "@/db/list-page";
import { emptyPage } from "@/lib/server/core/pagination";
import { parseId } from "@/lib/shared/ids";
import { toAgent } from "./agent-view";
import { agentUsage } from "@/lib/server/agents/agent-usage";

export interface AgentFilters {
  limit: number;
  cursor?: string;
  customerId?: string;
  isPaused?: boolean;
  isConnected?: boolean;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
}

export async function listAgents(platform: PlatformPrincipal, q: AgentFilters) {
  const db = await getDb();
  const where: SQL[] = [eq(agents.platformId, platform.id)];
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    if (!uuid) return emptyPage();
    where.push(eq(agents.customerId, uuid));
  }
  if (q.isPaused !== undefined) where.push(eq(agents.isPaused, q.isPaused));
  if (q.isConnected !== undefined)
    where.push(q.isConnected ? isNotNull(agents.connectedAt) : isNull(agents.connectedAt));
  if (q.createdAfter) where.push(gte(agents.createdAt, new Date(q.createdAfter)));
  if (q.createdBefore) where.push(lt(agents.createdAt, new Date(q.createdBefore)));
  if (q.updatedAfter) where.push(gte(agents.updatedAt, new Date(q.updatedAfter)));
  if (q.updatedBefore) where.push(lt(agents.updatedAt, new Date(q.updatedBefore)));
  return listPage(
    agents,
    { ...q, filters: where },
    async (rows) => {
      const usage = await agentUsage(db, rows);
      return rows.map((r) => toAgent(r, usage.get(r.id)));
    },
    db,
  );
}
