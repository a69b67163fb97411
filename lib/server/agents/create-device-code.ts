import { getDb } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { AgentPolicy } from "./agent.contract";
import { capAgentGrant } from "./agent-grant-cap";
import { findAgentOrThrow } from "./find-agent";
import { issueDeviceCode } from "./issue-device-code";

export async function createDeviceCode(platform: PlatformPrincipal, agentId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const agent = await findAgentOrThrow(tx, platform.id, agentId, { forUpdate: true });
    if (agent.connectedAt !== null)
      throw new ApiError("CONFLICT", `Agent ${agentId} is already connected; a device code installs an agent once`);
    capAgentGrant(platform, agent.policy as AgentPolicy, "issue a device code for an agent with these rights");
    return issueDeviceCode(tx, agent);
  });
}
