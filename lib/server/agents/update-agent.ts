import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toAgent } from "./agent-view";
import type { AgentPolicy } from "./agent.contract";
import { capAgentGrant } from "./agent-grant-cap";
import { findAgentOrThrow } from "./find-agent";

/** Rename, pause or resume. Pausing takes effect on the agent's next request (AgentAuth reads the row each time). */
export async function updateAgent(
  platform: PlatformPrincipal,
  agentId: string,
  patch: { name?: string; isPaused?: boolean },
) {
  const db = await getDb();
  const row = await findAgentOrThrow(db, platform.id, agentId);
  // Resuming gives the agent back every right of its policy.
  if (patch.isPaused === false && row.isPaused)
    capAgentGrant(platform, row.policy as AgentPolicy, "resume an agent with these rights");
  const [updated] = await db
    .update(agents)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(agents.id, row.id))
    .returning();
  return toAgent(updated);
}
