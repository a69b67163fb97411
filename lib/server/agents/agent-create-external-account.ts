import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import { createExternalAccount } from "@/lib/server/external-accounts/create-external-account";
import type { ExternalAccountCreate } from "@/lib/server/external-accounts/external-account.contract";
import type { AgentPrincipal } from "@/lib/server/core/principal";
import { toPrincipal } from "@/lib/server/platforms/platform-row";
import { requireAgentPermission } from "./require-agent-permission";

/** POST /agents/me/external-accounts: the agent's customer, under its platform's rules. */
export async function agentCreateExternalAccount(agent: AgentPrincipal, input: ExternalAccountCreate) {
  requireAgentPermission(agent, "MANAGE_EXTERNAL_ACCOUNTS");
  const [platform] = await (await getDb()).select().from(platforms).where(eq(platforms.id, agent.platformId)).limit(1);
  return createExternalAccount(toPrincipal(platform), input, { customerUuid: agent.customerId });
}
