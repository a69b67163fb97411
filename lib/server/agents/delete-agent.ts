import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";

/** Delete the agent (and its device codes): its token stops authenticating at once (401). */
export async function deleteAgent(platform: PlatformPrincipal, agentId: string): Promise<void> {
  const uuid = parseId("Agent", agentId);
  if (uuid) {
    const db = await getDb();
    const gone = await db
      .delete(agents)
      .where(and(eq(agents.id, uuid), eq(agents.platformId, platform.id)))
      .returning({ id: agents.id });
    if (gone.length) return;
  }
  throw notFound("AGENT_NOT_FOUND", "Agent", agentId);
}
