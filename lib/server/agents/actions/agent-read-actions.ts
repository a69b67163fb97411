import { eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { findAction } from "@/lib/server/agents/money/action-view";
import type { AgentAction } from "./agent-action.contract";
import { pageOfActions } from "./list-agent-approvals";

/** The action's status as the transaction's columns (the same rule as action-view.ts toAgentAction). */
const notRejected = or(isNull(transactions.approval), ne(transactions.approval, "REJECTED"));
const STATUS_WHERE: Record<AgentAction["status"], (SQL | undefined)[]> = {
  PENDING_APPROVAL: [eq(transactions.approval, "PENDING")],
  REJECTED: [eq(transactions.approval, "REJECTED")],
  FAILED: [eq(transactions.status, "FAILED"), notRejected],
  APPROVED: [
    ne(transactions.status, "FAILED"),
    or(isNull(transactions.approval), eq(transactions.approval, "APPROVED")),
  ],
};

/** GET /agents/me/actions: the agent's own actions, newest first. */
export async function agentListActions(
  agent: AgentPrincipal,
  q: { limit: number; cursor?: string; status?: AgentAction["status"] },
) {
  const where: SQL[] = [eq(transactions.agentId, agent.agentId)];
  if (q.status) where.push(...STATUS_WHERE[q.status].filter((c): c is SQL => c !== undefined));
  return pageOfActions(where, { ...q, sortOrder: "desc" });
}

export async function agentGetAction(agent: AgentPrincipal, actionId: string): Promise<AgentAction> {
  const uuid = parseId("AgentAction", actionId);
  const action = uuid ? await findAction(await getDb(), uuid, [eq(transactions.agentId, agent.agentId)]) : null;
  if (!action) throw notFound("AGENT_ACTION_NOT_FOUND", "Agent action", actionId);
  return action;
}
