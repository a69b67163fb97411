import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { invalidInput } from "@/lib/server/core/validation";
import { agentPolicySchema, type AgentPolicy, type AgentPolicyPatch } from "./agent.contract";
import { capAgentPolicyChange } from "./agent-grant-cap";
import { toAgent } from "./agent-view";
import { findAgentOrThrow } from "./find-agent";

/** Partial policy update: given fields replace (permissions as a whole list), spendingLimits merge field by field, null removes an optional part. */
export async function updateAgentPolicy(platform: PlatformPrincipal, agentId: string, patch: AgentPolicyPatch) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await findAgentOrThrow(tx, platform.id, agentId, { forUpdate: true });
    const current = row.policy as AgentPolicy;
    capAgentPolicyChange(platform, current, patch);
    const merged: Record<string, unknown> = {
      ...current,
      ...patch,
      spendingLimits: { ...current.spendingLimits, ...(patch.spendingLimits ?? {}) },
    };
    for (const k of ["accountRestrictions", "approvalThresholds"]) if (merged[k] === null) delete merged[k];
    const checked = agentPolicySchema.safeParse(merged);
    if (!checked.success)
      throw invalidInput([
        {
          field: "spendingLimits",
          message: `The merged policy is incomplete: ${checked.error.issues.map((i) => i.path.join(".")).join(", ")}`,
        },
      ]);
    const [updated] = await tx
      .update(agents)
      .set({ policy: checked.data, permissions: checked.data.permissions, updatedAt: new Date() })
      .where(eq(agents.id, row.id))
      .returning();
    return toAgent(updated);
  });
}
