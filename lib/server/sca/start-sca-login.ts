import { invalidInput } from "@/lib/server/core/validation";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { scaStates } from "@/db/schema";
import { newOtpCode, otpDigest, OTP_TTL_MS } from "@/lib/server/credentials/email-otp/otp-code";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { sendSms } from "@/lib/server/sms/send-sms";
import { issueScaChallenge } from "./sca-challenge";
import { SANDBOX_SCA_CODE, lockScaState, throwIfLocked } from "./sca-state";
import { defined } from "@/lib/shared/invariant";

/** POST /sca/login/start. */
export async function startScaLogin(
  platform: PlatformPrincipal,
  customerId: string,
  factor: "SMS_OTP" | "TOTP" | "PASSKEY",
) {
  const db = await getDb();
  const sms = await db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    throwIfLocked(state);
    if (factor === "PASSKEY") {
      const issued = await issueScaChallenge(tx, platform, {
        customer,
        state,
        purpose: "LOGIN",
        subjectId: customer.id,
        factor: "PASSKEY",
        factorField: "factor",
      });
      return { passkeyOptions: defined(issued.view.passkeyAssertionOptions, "a PASSKEY challenge's options") };
    }
    if (factor === "TOTP") {
      if (!state.totpSecretEnc)
        throw invalidInput([{ field: "factor", message: "Not enrolled" }], "No TOTP factor is enrolled");
      return null;
    }
    if (!customer.phoneNumber || customer.contactVerified?.phone !== customer.phoneNumber) {
      throw invalidInput(
        [{ field: "factor", message: "Phone not verified" }],
        "SMS_OTP needs a verified phone (verify-phone)",
      );
    }
    await consumeRateLimit(
      `sca-login:${customer.id}`,
      RATE_LIMITS.emailOtpChallenge,
      "SCA login codes for this customer",
    );
    const sandbox = platform.environment === "SANDBOX";
    const code = sandbox ? SANDBOX_SCA_CODE : newOtpCode(false);
    const id = newUuid();
    const expiresAt = new Date(Date.now() + OTP_TTL_MS);
    await tx
      .update(scaStates)
      .set({
        loginChallengeId: id,
        loginCodeDigest: await otpDigest(id, code),
        loginChallengeExpiresAt: expiresAt,
        updatedAt: new Date(),
      })
      .where(eq(scaStates.customerId, customer.id));
    return { id, expiresAt, to: customer.phoneNumber, code: sandbox ? null : code };
  });
  if (!sms) return { factor };
  if ("passkeyOptions" in sms) {
    const { rpId, origins } = platform.settings.webauthn;
    return { factor, passkeyOptions: sms.passkeyOptions, allowedOrigins: origins, relyingPartyId: rpId };
  }
  if (sms.code) await sendSms({ to: sms.to, body: `Your sign-in code is ${sms.code}. It expires in 10 minutes.` });
  return { factor, challengeId: sms.id, expiresAt: sms.expiresAt.toISOString() };
}
