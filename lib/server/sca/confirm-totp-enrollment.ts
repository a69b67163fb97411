import { invalidInput } from "@/lib/server/core/validation";
import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { scaStates } from "@/db/schema";
import { otpDigest } from "@/lib/server/credentials/email-otp/otp-code";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { totpCodeMatches } from "./check-code";
import { lockScaState } from "./sca-state";
import { openTotpSecret, totpFor } from "./totp";

const recoveryCode = () => {
  const s = randomBytes(10).toString("base64url").replace(/[-_]/g, "X").toUpperCase().slice(0, 12);
  return `${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}`;
};

/** POST /sca/factors/confirm: the echoed secret must be the pending one and the code valid for it. */
export async function confirmTotpEnrollment(
  platform: PlatformPrincipal,
  customerId: string,
  body: { secret: string; code: string },
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    if (!state.totpPendingSecretEnc)
      throw invalidInput([], "No TOTP enrollment is in progress; start one with POST /sca/factors", {
        reason: "NO_ENROLLMENT",
      });
    const base32 = await openTotpSecret(state.totpPendingSecretEnc, customer.id);
    const echoed = Buffer.from(body.secret.toLowerCase());
    const expected = Buffer.from(totpFor(base32).secret.hex.toLowerCase());
    const sameSecret = echoed.length === expected.length && timingSafeEqual(echoed, expected);
    if (!sameSecret)
      throw invalidInput(
        [{ field: "secret", message: "Unknown secret" }],
        "secret is not the one this enrollment started with",
      );
    if (!totpCodeMatches(platform, base32, body.code))
      throw invalidInput([{ field: "code", message: "Wrong code" }], "The code is not correct");
    const codes = Array.from({ length: 8 }, recoveryCode);
    await tx
      .update(scaStates)
      .set({
        totpSecretEnc: state.totpPendingSecretEnc,
        totpPendingSecretEnc: null,
        // A new secret: the steps spent with an earlier one say nothing about its codes.
        totpLastStep: null,
        recoveryCodeDigests: await Promise.all(codes.map((c) => otpDigest(`recovery:${customer.id}`, c))),
        updatedAt: new Date(),
      })
      .where(eq(scaStates.customerId, customer.id));
    return { type: "TOTP" as const, recoveryCodes: codes };
  });
}
