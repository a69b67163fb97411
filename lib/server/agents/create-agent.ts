import { getDb } from "@/db/client";
import { agents } from "@/db/schema";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import type { AgentPolicy } from "./agent.contract";
import { toAgent } from "./agent-view";
import { capAgentGrant } from "./agent-grant-cap";
import { issueDeviceCode } from "./issue-device-code";

export async function createAgent(
  platform: PlatformPrincipal,
  input: { name: string; customerId: string; policy: AgentPolicy },
) {
  capAgentGrant(platform, input.policy, "create an agent with these rights");
  const db = await getDb();
  const customer = await findCustomerOrThrow(db, platform.id, input.customerId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agents)
      .values({
        id: newUuid(),
        platformId: platform.id,
        customerId: customer.id,
        name: input.name,
        policy: input.policy,
        permissions: input.policy.permissions,
      })
      .returning();
    return { agent: toAgent(row), deviceCode: await issueDeviceCode(tx, row) };
  });
}
