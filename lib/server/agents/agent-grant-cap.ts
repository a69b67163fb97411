import type { AgentPermission, TokenPermission } from "@/lib/server/core/operation";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { requireHeldPermissions } from "@/lib/server/platforms/token-permission";
import type { AgentPolicy, AgentPolicyPatch } from "./agent.contract";

/**
 * The API token permission the platform API itself needs for what each agent permission lets the agent do
 * (docs/protocol.md "API token permissions"): an agent's rights are capped by those of the token that gives them.
 */
const TOKEN_PERMISSION_FOR: Record<AgentPermission, TokenPermission> = {
  VIEW_TRANSACTIONS: "VIEW",
  CREATE_QUOTES: "TRANSACT",
  EXECUTE_QUOTES: "TRANSACT",
  CREATE_TRANSFERS: "TRANSACT",
  MANAGE_EXTERNAL_ACCOUNTS: "MANAGE",
};

/** The parts of a policy that decide how much money moves and whether the platform approves it first. */
const MONEY_CONTROLS = ["defaultExecutionMode", "spendingLimits", "accountRestrictions", "approvalThresholds"] as const;

function autoExecutes(policy: Pick<AgentPolicy, "defaultExecutionMode" | "accountRestrictions">): boolean {
  return (
    policy.defaultExecutionMode === "AUTO" ||
    (policy.accountRestrictions?.accountRules ?? []).some((r) => r.executionMode === "AUTO")
  );
}

/**
 * An agent getting every right of its policy: created (POST /agents), installed by a new device code (whoever redeems
 * it holds the agent's rights) or resumed from pause. Each permission needs the token permission it maps to, and
 * execution without the platform's approval (AUTO) needs TRANSACT.
 */
export function capAgentGrant(platform: PlatformPrincipal, policy: AgentPolicy, what: string): void {
  const need = policy.permissions.map((p) => TOKEN_PERMISSION_FOR[p]);
  if (autoExecutes(policy)) need.push("TRANSACT");
  requireHeldPermissions(platform, need, what);
}

/**
 * PATCH /agents/{id}/policy: each permission it adds needs the token permission it maps to; a change of any money
 * control (execution mode, spending limits, account restrictions, approval thresholds) needs TRANSACT, since the agent
 * may hold money permissions another principal gave it. Removing permissions needs nothing more than the operation's MANAGE.
 */
export function capAgentPolicyChange(platform: PlatformPrincipal, current: AgentPolicy, patch: AgentPolicyPatch): void {
  const need = (patch.permissions ?? [])
    .filter((p) => !current.permissions.includes(p))
    .map((p) => TOKEN_PERMISSION_FOR[p]);
  if (MONEY_CONTROLS.some((k) => patch[k] !== undefined)) need.push("TRANSACT");
  requireHeldPermissions(platform, need, "give an agent these rights");
}
