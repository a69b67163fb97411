import { sql } from "drizzle-orm";
import { execRows, type DbOrTx } from "@/db/client";
import type { Agent, AgentPolicy } from "@/lib/server/agents/agent.contract";
import type { AgentRow } from "@/lib/server/agents/agent-view";
import { getRate } from "@/lib/server/exchange-rates/get-rate";
import { convertDown } from "@/lib/server/money/convert";

/**
 * Agent.usage counted in the database from the agent's transactions (pending approval included, as
 * the policy check counts them): today's count and spend, this month's spend (UTC), in the minor
 * units of the policy's spendingLimits currency.
 */
export async function agentUsage(db: DbOrTx, rows: AgentRow[]): Promise<Map<string, Agent["usage"]>> {
  const out = new Map<string, Agent["usage"]>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const counted = await execRows<{ agent_id: string; day_spend: string; day_count: string; month_spend: string }>(
    db,
    sql`select agent_id,
          coalesce(sum(usd_value_cents) filter (where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'), 0)::text as day_spend,
          count(*) filter (where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::text as day_count,
          coalesce(sum(usd_value_cents), 0)::text as month_spend
        from transactions
        where agent_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and status in ('PENDING', 'PROCESSING', 'COMPLETED')
          and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'
        group by agent_id`,
  );
  const byId = new Map(counted.map((c) => [c.agent_id, c]));
  const now = new Date().toISOString();
  for (const r of rows) {
    const c = byId.get(r.id);
    const currency = (r.policy as AgentPolicy).spendingLimits?.currency ?? "USD";
    const fromUsd = async (cents: string) => {
      const v = BigInt(cents);
      if (v === 0n || currency === "USD") return Number(v);
      return Number(convertDown(v, "USD", currency, (await getRate("USD", currency, db)).rate));
    };
    out.set(r.id, {
      dailyTransactionCount: Number(c?.day_count ?? 0),
      dailySpend: await fromUsd(c?.day_spend ?? "0"),
      monthlySpend: await fromUsd(c?.month_spend ?? "0"),
      dailyResetDate: now.slice(0, 10),
      monthlyResetMonth: now.slice(0, 7),
    });
  }
  return out;
}
