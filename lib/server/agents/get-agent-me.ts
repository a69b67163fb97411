import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import { unauthorized } from "@/lib/server/core/errors";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { toAgent } from "./agent-view";
import { agentUsage } from "@/lib/server/agents/agent-usage";
import { INVALID_AGENT_TOKEN } from "./authenticate-agent";

export async function getAgentMe(agent: AgentPrincipal) {
  const [row] = await (await getDb()).select().from(agents).where(eq(agents.id, agent.agentId)).limit(1);
  if (!row) throw unauthorized(INVALID_AGENT_TOKEN);
  const usage = await agentUsage(await getDb(), [row]);
  return toAgent(row, usage.get(row.id));
}
