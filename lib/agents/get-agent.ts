import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/http/principal";
import { toAgent } from "./agent-view";
import { findAgentOrThrow } from "./find-agent";

export async function getAgent(platform: PlatformPrincipal, agentId: string) {
  return toAgent(await findAgentOrThrow(await getDb(), platform.id, agentId));
}
