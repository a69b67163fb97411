import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import { createExternalAccount } from "@/lib/external-accounts/create-external-account";
import type { ExternalAccountCreate } from "@/lib/external-accounts/external-account.contract";
import type { AgentPrincipal } from "@/lib/api-core/principal";
import { toPrincipal } from "@/lib/platforms/platform-row";
import { requireAgentPermission } from "./require-agent-permission";

/** POST /agents/me/external-accounts: the agent's customer, under its platform's rules. */
export async function agentCreateExternalAccount(agent: AgentPrincipal, input: ExternalAccountCreate) {
  requireAgentPermission(agent, "MANAGE_EXTERNAL_ACCOUNTS");
  const [platform] = await (await getDb()).select().from(platforms).where(eq(platforms.id, agent.platformId)).limit(1);
  const { customerId: _theAgentsCustomer, ...account } = input;
  return createExternalAccount(toPrincipal(platform), account, { customerUuid: agent.customerId });
}
