import { and, eq, sql } from "drizzle-orm";
import { preparedQuery } from "@/db/prepared";
import { externalAccounts } from "@/db/schema";
import { toExternalAccount } from "@/lib/external-accounts/external-account-view";
import { notFound } from "@/lib/http/errors";
import type { AgentPrincipal } from "@/lib/http/principal";
import { parseId } from "@/lib/ids";
import { requireAgentPermission } from "./require-agent-permission";

// The agent lookup's hot path (bench/README.md): one prepared, primary-key query scoped to the agent's customer.
const accountOfCustomer = preparedQuery((db) =>
  db
    .select()
    .from(externalAccounts)
    .where(
      and(
        eq(externalAccounts.id, sql.placeholder("id")),
        eq(externalAccounts.platformId, sql.placeholder("platformId")),
        eq(externalAccounts.customerId, sql.placeholder("customerId")),
      ),
    )
    .limit(1)
    .prepare("agent_external_account_by_id"),
);

/**
 * GET /agents/me/external-accounts/{id} (spec "GET /agents/me/external-accounts/{externalAccountId}"):
 * 403 without MANAGE_EXTERNAL_ACCOUNTS or while paused; 404, identical for a malformed id, a missing
 * account and another customer's or platform's account.
 */
export async function agentGetExternalAccount(agent: AgentPrincipal, externalAccountId: string) {
  requireAgentPermission(agent, "MANAGE_EXTERNAL_ACCOUNTS");
  const uuid = parseId("ExternalAccount", externalAccountId);
  if (uuid) {
    const [row] = await (await accountOfCustomer()).execute({ id: uuid, platformId: agent.platformId, customerId: agent.customerId });
    if (row) return toExternalAccount(row);
  }
  throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", externalAccountId);
}
