import { unauthorized } from "@/lib/http/errors";
import type { AgentPrincipal } from "@/lib/http/principal";

/** AgentAuth (`Authorization: Bearer gat_…`). Implemented with the agents area. */
export async function authenticateAgent(_header: string | null): Promise<AgentPrincipal> {
  throw unauthorized("Agent credentials are required: Authorization: Bearer <agent access token>");
}
