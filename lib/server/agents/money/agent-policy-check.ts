import { eq, sql } from "drizzle-orm";
import { execRows, type Tx } from "@/db/client";
import { agents } from "@/db/schema";
import type { AgentPolicy } from "@/lib/server/agents/agent.contract";
import { getRate } from "@/lib/server/exchange-rates/get-rate";
import { ApiError, unauthorized } from "@/lib/server/core/errors";
import { convertDown } from "@/lib/server/money/convert";
import { destinationRef, type QuoteRow } from "@/lib/server/quotes/quote-view";
import { INVALID_AGENT_TOKEN } from "@/lib/server/agents/authenticate-agent";

export type ExecutionMode = "AUTO" | "APPROVAL_REQUIRED";

/** Read the rate through the execution transaction: a second pool connection while holding one could deadlock a small pool. */
async function toUsdCents(tx: Tx, amount: bigint, currency: string): Promise<bigint> {
  if (currency === "USD") return amount;
  return convertDown(amount, currency, "USD", (await getRate(currency, "USD", tx)).rate);
}

function policyRefusal(reason: string, message: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError("FORBIDDEN", `Agent policy does not permit this operation: ${message}`, { reason, ...details });
}

/**
 * Apply the agent's policy to executing a quote, inside the execution transaction. The agent row is
 * locked (NO KEY UPDATE) so that concurrent executions by one agent count their spending in turn;
 * spending is counted in the database from the agent's transactions (pending approval included, so
 * a queue of approvals cannot exceed the limits). Amounts compare in USD cents.
 * Returns the execution mode that applies.
 */
export async function checkAgentPolicy(
  tx: Tx,
  agentId: string,
  q: Pick<QuoteRow, "usdValueCents" | "destinationKind" | "destinationAccountId"> & {
    counterpartyUmaAddress?: string | null;
  },
): Promise<ExecutionMode> {
  const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId)).for("no key update");
  if (!agent) throw unauthorized(INVALID_AGENT_TOKEN);
  if (agent.isPaused) throw new ApiError("FORBIDDEN", "The agent is paused; the platform can resume it");
  const policy = agent.policy as AgentPolicy;
  const limits = policy.spendingLimits;
  const amountUsd = q.usdValueCents;
  const destinationId = destinationRef(q);
  const allowed = policy.accountRestrictions?.allowedAccountIds;
  if (allowed && !allowed.includes(destinationId)) {
    throw policyRefusal("ACCOUNT_NOT_ALLOWED", `${destinationId} is not among the allowed accounts`);
  }
  const rule = policy.accountRestrictions?.accountRules?.find((r) => r.accountId === destinationId);
  const perTx = rule?.perTransactionLimit ?? limits.perTransactionLimit;
  const perTxUsd = await toUsdCents(tx, BigInt(perTx), limits.currency);
  if (amountUsd > perTxUsd) {
    throw policyRefusal(
      "PER_TRANSACTION_LIMIT",
      `${amountUsd} USD cents is above the per-transaction limit of ${perTx} ${limits.currency}`,
      {
        limit: perTx,
        currency: limits.currency,
      },
    );
  }
  const [used] = await execRows<{ day_spend: string; day_count: string; month_spend: string }>(
    tx,
    sql`select
          coalesce(sum(usd_value_cents) filter (where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'), 0)::text as day_spend,
          count(*) filter (where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::text as day_count,
          coalesce(sum(usd_value_cents), 0)::text as month_spend
        from transactions
        where agent_id = ${agentId} and status in ('PENDING', 'PROCESSING', 'COMPLETED')
          and created_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'`,
  );
  if (
    limits.dailyLimit != null &&
    BigInt(used.day_spend) + amountUsd > (await toUsdCents(tx, BigInt(limits.dailyLimit), limits.currency))
  ) {
    throw policyRefusal(
      "DAILY_LIMIT",
      `today's spending would pass the daily limit of ${limits.dailyLimit} ${limits.currency}`,
    );
  }
  if (limits.dailyTransactionLimit != null && Number(used.day_count) + 1 > limits.dailyTransactionLimit) {
    throw policyRefusal(
      "DAILY_TRANSACTION_LIMIT",
      `the agent already made ${used.day_count} transactions today (limit ${limits.dailyTransactionLimit})`,
    );
  }
  if (
    limits.monthlyLimit != null &&
    BigInt(used.month_spend) + amountUsd > (await toUsdCents(tx, BigInt(limits.monthlyLimit), limits.currency))
  ) {
    throw policyRefusal(
      "MONTHLY_LIMIT",
      `this month's spending would pass the monthly limit of ${limits.monthlyLimit} ${limits.currency}`,
    );
  }
  if (rule?.executionMode) return rule.executionMode;
  const threshold = policy.approvalThresholds;
  if (threshold?.amount != null && amountUsd >= (await toUsdCents(tx, BigInt(threshold.amount), threshold.currency)))
    return "APPROVAL_REQUIRED";
  return policy.defaultExecutionMode;
}
