import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agentDeviceCodes, agents } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { formatId } from "@/lib/shared/ids";
import type { AgentPolicy } from "./agent.contract";
import { deviceCodeDigest, newAccessToken, normalizeDeviceCode, sha256Hex } from "./agent-secrets";
import { limitRedeemAttempts } from "./limit-redeem-attempts";

/**
 * Exchange a device code for the agent's access token, once (issue "Device code"). The code is used
 * up and the token digest stored by conditional UPDATEs in one transaction, so of concurrent
 * redemptions exactly one gets a token.
 */
export async function redeemDeviceCode(code: string, source: string) {
  const normalized = normalizeDeviceCode(code);
  const digest = deviceCodeDigest(normalized ?? code);
  const db = await getDb();
  await limitRedeemAttempts(db, digest, source);
  if (!normalized) throw notFound("DEVICE_CODE_NOT_FOUND", "Device code", code);

  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(agentDeviceCodes).where(eq(agentDeviceCodes.codeDigest, digest)).limit(1);
    if (!found) throw notFound("DEVICE_CODE_NOT_FOUND", "Device code", normalized);
    if (found.redeemedAt)
      throw new ApiError("DEVICE_CODE_ALREADY_REDEEMED", `Device code ${normalized} was already redeemed`);
    if (found.supersededAt)
      throw new ApiError("DEVICE_CODE_EXPIRED", `Device code ${normalized} was replaced by a newer code`);
    if (found.expiresAt.getTime() <= Date.now())
      throw new ApiError(
        "DEVICE_CODE_EXPIRED",
        `Device code ${normalized} expired at ${found.expiresAt.toISOString()}`,
      );

    const now = new Date();
    const used = await tx
      .update(agentDeviceCodes)
      .set({ redeemedAt: now })
      .where(
        and(
          eq(agentDeviceCodes.id, found.id),
          isNull(agentDeviceCodes.redeemedAt),
          isNull(agentDeviceCodes.supersededAt),
          gt(agentDeviceCodes.expiresAt, now),
        ),
      )
      .returning({ id: agentDeviceCodes.id });
    const token = newAccessToken();
    const [agent] = used.length
      ? await tx
          .update(agents)
          .set({ tokenDigest: sha256Hex(token), connectedAt: now, updatedAt: now })
          .where(and(eq(agents.id, found.agentId), isNull(agents.tokenDigest)))
          .returning()
      : [];
    if (!agent) throw new ApiError("DEVICE_CODE_ALREADY_REDEEMED", `Device code ${normalized} was already redeemed`);
    return {
      agentId: formatId("Agent", agent.id),
      agentName: agent.name,
      accessToken: token,
      policy: agent.policy as AgentPolicy,
    };
  });
}
