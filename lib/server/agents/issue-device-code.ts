import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { agentDeviceCodes } from "@/db/schema";
import { formatId, newUuid } from "@/lib/shared/ids";
import { DEVICE_CODE_TTL_MS, deviceCodeDigest, newDeviceCode } from "./agent-secrets";
import type { AgentRow } from "./agent-view";

/** A fresh device code for the agent; older unredeemed codes stop working (issue "Agent Management"). */
export async function issueDeviceCode(tx: Tx, agent: AgentRow) {
  const now = new Date();
  await tx
    .update(agentDeviceCodes)
    .set({ supersededAt: now })
    .where(
      and(
        eq(agentDeviceCodes.agentId, agent.id),
        isNull(agentDeviceCodes.redeemedAt),
        isNull(agentDeviceCodes.supersededAt),
      ),
    );
  const code = newDeviceCode();
  const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_MS);
  await tx.insert(agentDeviceCodes).values({
    id: newUuid(),
    platformId: agent.platformId,
    agentId: agent.id,
    codeDigest: deviceCodeDigest(code),
    keyed: true,
    expiresAt,
  });
  return { code, agentId: formatId("Agent", agent.id), expiresAt: expiresAt.toISOString(), redeemed: false };
}
