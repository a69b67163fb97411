import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { transactions } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, parseId } from "@/lib/shared/ids";
import { decideApproval } from "@/lib/server/transactions/decide-approval";
import { findAction } from "@/lib/server/agents/money/action-view";
import type { AgentAction } from "./agent-action.contract";
import { defined } from "@/lib/shared/invariant";

/**
 * POST /agents/{agentId}/actions/{actionId}/approve | /reject: the second door to the one decision of
 * decideApproval (a conditional update of the transaction), so concurrent calls through both doors have
 * exactly one winner. The action must be this agent's, on this platform; otherwise 404 like a missing one.
 */
export async function decideAgentAction(
  platform: PlatformPrincipal,
  agentId: string,
  actionId: string,
  decision: "APPROVE" | "REJECT",
  reason?: string,
): Promise<AgentAction> {
  const agentUuid = parseId("Agent", agentId);
  const uuid = parseId("AgentAction", actionId);
  const db = await getDb();
  const scope = [
    eq(transactions.platformId, platform.id),
    eq(transactions.agentId, agentUuid ?? "00000000-0000-0000-0000-000000000000"),
  ];
  const [exists] =
    uuid && agentUuid
      ? await db
          .select({ id: transactions.id })
          .from(transactions)
          .where(and(eq(transactions.id, uuid), ...scope))
      : [];
  if (!exists) throw notFound("AGENT_ACTION_NOT_FOUND", "Agent action", actionId);
  await decideApproval(platform, formatId("Transaction", exists.id), decision, reason);
  return defined(await findAction(db, exists.id, scope), "the agent action just decided");
}
