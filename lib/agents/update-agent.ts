import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { toAgent } from "./agent-view";
import { findAgentOrThrow } from "./find-agent";

/** Rename, pause or resume. Pausing takes effect on the agent's next request (AgentAuth reads the row each time). */
export async function updateAgent(
  platform: PlatformPrincipal,
  agentId: string,
  patch: { name?: string; isPaused?: boolean },
) {
  const db = await getDb();
  const row = await findAgentOrThrow(db, platform.id, agentId);
  const [updated] = await db
    .update(agents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(agents.id, row.id))
    .returning();
  return toAgent(updated);
}
