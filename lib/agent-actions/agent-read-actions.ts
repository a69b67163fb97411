import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { notFound } from "@/lib/api-core/errors";
import type { AgentPrincipal } from "@/lib/api-core/principal";
import { parseId } from "@/lib/ids";
import { findAction } from "./action-view";
import type { AgentAction } from "./agent-action.contract";
import { pageOfActions } from "./list-agent-approvals";

const STATUS_WHERE = {
  PENDING_APPROVAL: [eq(transactions.status, "PENDING"), eq(transactions.pendingReason, "PENDING_PLATFORM_APPROVAL")],
  REJECTED: [eq(transactions.status, "REJECTED")],
  FAILED: [eq(transactions.status, "FAILED")],
} as const;

/** GET /agents/me/actions: the agent's own actions, newest first. */
export async function agentListActions(
  agent: AgentPrincipal,
  q: { limit: number; cursor?: string; status?: AgentAction["status"] },
) {
  const where = [eq(transactions.agentId, agent.agentId)];
  if (q.status === "APPROVED") where.push(inArray(transactions.status, ["PROCESSING", "COMPLETED"]));
  else if (q.status) where.push(...STATUS_WHERE[q.status]);
  return pageOfActions(where, { ...q, sortOrder: "desc" });
}

export async function agentGetAction(agent: AgentPrincipal, actionId: string): Promise<AgentAction> {
  const uuid = parseId("AgentAction", actionId);
  const action = uuid ? await findAction(await getDb(), uuid, [eq(transactions.agentId, agent.agentId)]) : null;
  if (!action) throw notFound("AGENT_ACTION_NOT_FOUND", "Agent action", actionId);
  return action;
}
