import { invalidInput } from "@/lib/server/core/validation";
import { getDb } from "@/db/client";
import { scaFactorResets } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newUuid } from "@/lib/shared/ids";
import { consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { openLivenessCheck } from "./liveness-provider";
import { enrolledFactors, type ScaFactor } from "./sca-factors";
import { lockScaState } from "./sca-state";

const RESET_TTL_MS = 30 * 60 * 1000;

/** POST /sca/factors/reset: a liveness-gated reset of one enrolled factor (Grid: at most 5 starts per customer per 24 h). */
export async function startTwoFactorReset(platform: PlatformPrincipal, customerId: string, factor: ScaFactor) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    const { factors } = await enrolledFactors(tx, customer, state);
    if (!factors.includes(factor)) {
      throw invalidInput([{ field: "factor", message: "Not enrolled" }], `${factor} is not enrolled for this customer`);
    }
    await consumeRateLimit(
      `sca-reset:${customer.id}`,
      [{ limit: 5, windowSeconds: 24 * 3600 }],
      "2FA resets for this customer",
    );
    const liveness = openLivenessCheck(platform);
    const id = newUuid();
    const expiresAt = new Date(Date.now() + RESET_TTL_MS);
    await tx
      .insert(scaFactorResets)
      .values({ id, platformId: platform.id, customerId: customer.id, factor, status: liveness.status, expiresAt });
    return {
      resetId: formatId("TwoFactorReset", id),
      ...(liveness.livenessAccessToken ? { livenessAccessToken: liveness.livenessAccessToken } : {}),
      ...(liveness.verificationLink ? { verificationLink: liveness.verificationLink } : {}),
      expiresAt: expiresAt.toISOString(),
    };
  });
}
