import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import type { AgentPrincipal, PlatformPrincipal } from "@/lib/server/core/principal";
import { toPrincipal } from "@/lib/server/platforms/platform-row";

/** The platform an agent acts under (its settings: fees, limits, environment). */
export async function platformOfAgent(agent: AgentPrincipal): Promise<PlatformPrincipal> {
  const db = await getDb();
  const [row] = await db.select().from(platforms).where(eq(platforms.id, agent.platformId));
  return toPrincipal(row);
}
