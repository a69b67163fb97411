import { ApiError } from "@/lib/server/core/errors";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import type { OwnerScope } from "@/lib/server/external-accounts/owner-scope";
import type { AgentPermission } from "./agent.contract";

/** 403 FORBIDDEN unless the agent is active and its policy grants `permission` (protocol.md "Agents"). */
export function requireAgentPermission(agent: AgentPrincipal, permission: AgentPermission): void {
  if (agent.isPaused) throw new ApiError("FORBIDDEN", "The agent is paused; the platform can resume it");
  if (!agent.permissions.includes(permission)) {
    throw new ApiError("FORBIDDEN", `Agent policy does not permit this operation: it needs ${permission}`, {
      requiredPermission: permission,
    });
  }
}

/** The external accounts an agent may manage: its customer's, after the MANAGE_EXTERNAL_ACCOUNTS check. */
export function agentAccountScope(agent: AgentPrincipal): OwnerScope {
  requireAgentPermission(agent, "MANAGE_EXTERNAL_ACCOUNTS");
  return { platformId: agent.platformId, kind: "customer", customerId: agent.customerId };
}
