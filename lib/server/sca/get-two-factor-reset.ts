import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { effectiveResetStatus, findTwoFactorReset } from "./find-two-factor-reset";
import { enrolledFactors } from "./sca-factors";
import { lockScaState } from "./sca-state";
import { defined } from "@/lib/shared/invariant";

/** GET /sca/factors/reset/{resetId}: Grid's TwoFactorResetStatus. */
export async function getTwoFactorReset(platform: PlatformPrincipal, customerId: string, resetId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    const row = await findTwoFactorReset(tx, customer.id, resetId);
    const status = effectiveResetStatus(row);
    let enrollmentStatus: "PENDING" | "COMPLETED" | null = null;
    if (row.factor !== "SMS_OTP" && status === "COMPLETED") {
      const { factors, passkeys } = await enrolledFactors(tx, customer, state);
      const reEnrolled =
        row.factor === "TOTP"
          ? factors.includes("TOTP")
          : passkeys.some((p) => p.createdAt > defined(row.completedAt, "a COMPLETED reset's completedAt"));
      enrollmentStatus = reEnrolled ? "COMPLETED" : "PENDING";
    }
    return {
      status,
      factor: row.factor,
      enrollmentStatus,
      expiresAt: row.expiresAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  });
}
