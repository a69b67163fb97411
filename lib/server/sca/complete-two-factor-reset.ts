import { invalidInput } from "@/lib/server/core/validation";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, scaFactorResets, scaPasskeys, scaStates } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { effectiveResetStatus, findTwoFactorReset } from "./find-two-factor-reset";
import { lockScaState } from "./sca-state";
import { defined } from "@/lib/shared/invariant";

/**
 * POST /sca/factors/reset/{resetId}/complete, once liveness passed: the lost factor is cleared (TOTP: the
 * secret and its recovery codes; PASSKEY: every SCA passkey); an SMS_OTP reset enrolls `mobile` as the
 * customer's verified phone number. The outstanding SCA login challenge is dropped with it.
 */
export async function completeTwoFactorReset(
  platform: PlatformPrincipal,
  customerId: string,
  resetId: string,
  body: { mobile?: { countryCode: string; number: string } },
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { customer } = await lockScaState(tx, platform.id, customerId);
    const row = await findTwoFactorReset(tx, customer.id, resetId);
    const status = effectiveResetStatus(row);
    if (status !== "LIVENESS_PASSED") {
      throw invalidInput([], `The reset is ${status}; it can be completed only once liveness has passed`, {
        reason: "RESET_NOT_READY",
        status,
      });
    }
    if (row.factor === "SMS_OTP" && !body.mobile) {
      throw invalidInput(
        [{ field: "mobile", message: "Required for an SMS_OTP reset" }],
        "An SMS_OTP reset needs the new mobile number",
      );
    }
    const now = new Date();
    if (row.factor === "TOTP") {
      await tx
        .update(scaStates)
        .set({ totpSecretEnc: null, totpPendingSecretEnc: null, recoveryCodeDigests: [], updatedAt: now })
        .where(eq(scaStates.customerId, customer.id));
    } else if (row.factor === "PASSKEY") {
      await tx.delete(scaPasskeys).where(eq(scaPasskeys.customerId, customer.id));
    } else {
      const mobile = defined(body.mobile, "mobile (the SMS_OTP reset contract requires it)");
      const phone = `${mobile.countryCode}${mobile.number}`;
      await tx
        .update(customers)
        .set({ phoneNumber: phone, contactVerified: { ...customer.contactVerified, phone }, updatedAt: now })
        .where(eq(customers.id, customer.id));
      await tx
        .update(scaStates)
        .set({ loginChallengeId: null, loginCodeDigest: null, loginChallengeExpiresAt: null, updatedAt: now })
        .where(eq(scaStates.customerId, customer.id));
    }
    await tx
      .update(scaFactorResets)
      .set({ status: "COMPLETED", completedAt: now })
      .where(eq(scaFactorResets.id, row.id));
  });
}
