import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toAgent } from "./agent-view";
import { agentUsage } from "@/lib/server/agents/agent-usage";
import { findAgentOrThrow } from "./find-agent";

export async function getAgent(platform: PlatformPrincipal, agentId: string) {
  const db = await getDb();
  const row = await findAgentOrThrow(db, platform.id, agentId);
  return toAgent(row, (await agentUsage(db, [row])).get(row.id));
}
