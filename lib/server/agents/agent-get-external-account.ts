import { and, eq, sql } from "drizzle-orm";
import { preparedQuery } from "@/db/prepared";
import { agents, externalAccounts } from "@/db/schema";
import { toExternalAccount } from "@/lib/server/external-accounts/external-account-view";
import { notFound, unauthorized } from "@/lib/server/core/errors";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { agentByDigest, agentPrincipalColumns, INVALID_AGENT_TOKEN } from "./authenticate-agent";
import { requireAgentPermission } from "./require-agent-permission";

// The agent lookup's hot path (bench/README.md): AgentAuth and the account fetch in ONE prepared query,
// one round trip. The account is joined only when it belongs to the agent's own platform and customer.
const agentWithAccount = preparedQuery((db) =>
  db
    .select({ agent: agentPrincipalColumns, account: externalAccounts })
    .from(agents)
    .leftJoin(
      externalAccounts,
      and(
        eq(externalAccounts.id, sql.placeholder("id")),
        eq(externalAccounts.platformId, agents.platformId),
        eq(externalAccounts.customerId, agents.customerId),
      ),
    )
    .where(eq(agents.tokenDigest, sql.placeholder("digest")))
    .limit(1)
    .prepare("agent_with_external_account"),
);

/**
 * GET /agents/me/external-accounts/{id} (spec "GET /agents/me/external-accounts/{externalAccountId}"),
 * authenticating the agent itself (the operation sets `agentAuthInQuery`): 401 exactly as AgentAuth for an
 * unknown or deleted agent's token; 403 without MANAGE_EXTERNAL_ACCOUNTS or while paused; 404, identical
 * for a malformed id, a missing account and another customer's or platform's account. The checks keep
 * that order, so an agent without the permission learns nothing about accounts.
 */
export async function agentGetExternalAccount(tokenDigest: string, externalAccountId: string) {
  const uuid = parseId("ExternalAccount", externalAccountId);
  let agent: AgentPrincipal;
  let account: typeof externalAccounts.$inferSelect | null = null;
  if (uuid) {
    const [row] = await (await agentWithAccount()).execute({ digest: tokenDigest, id: uuid });
    if (!row) throw unauthorized(INVALID_AGENT_TOKEN);
    agent = row.agent;
    account = row.account;
  } else {
    agent = await agentByDigest(tokenDigest);
  }
  requireAgentPermission(agent, "MANAGE_EXTERNAL_ACCOUNTS");
  if (!account) throw notFound("EXTERNAL_ACCOUNT_NOT_FOUND", "External account", externalAccountId);
  return { agent, account: toExternalAccount(account) };
}
