import type { InferSelectModel } from "drizzle-orm";
import type { agents } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { Agent, AgentPolicy } from "./agent.contract";

export type AgentRow = InferSelectModel<typeof agents>;

/** `usage` comes from lib/server/agents/agent-usage.ts where a read path counts it; zeros otherwise. */
export function toAgent(row: AgentRow, usage?: Agent["usage"]): Agent {
  const today = new Date().toISOString();
  return {
    id: formatId("Agent", row.id),
    name: row.name,
    customerId: formatId("Customer", row.customerId),
    isPaused: row.isPaused,
    isConnected: row.connectedAt !== null,
    policy: row.policy as AgentPolicy,
    usage: usage ?? {
      dailyTransactionCount: 0,
      dailySpend: 0,
      monthlySpend: 0,
      dailyResetDate: today.slice(0, 10),
      monthlyResetMonth: today.slice(0, 7),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
