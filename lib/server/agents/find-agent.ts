import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { agents } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { AgentRow } from "./agent-view";

/** An agent of this platform, or 404 AGENT_NOT_FOUND (the same for another platform's agent or a malformed id). */
export async function findAgentOrThrow(
  db: DbOrTx,
  platformId: string,
  agentId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AgentRow> {
  const uuid = parseId("Agent", agentId);
  if (uuid) {
    const q = db
      .select()
      .from(agents)
      .where(and(eq(agents.id, uuid), eq(agents.platformId, platformId)))
      .limit(1);
    const [row] = opts.forUpdate ? await q.for("update") : await q;
    if (row) return row;
  }
  throw notFound("AGENT_NOT_FOUND", "Agent", agentId);
}
