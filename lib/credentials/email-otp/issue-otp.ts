import { and, eq, lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, internalAccounts, otpChallenges } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import { reply, type Reply } from "@/lib/api-core/reply";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId, newUuid } from "@/lib/ids";
import { issueOtpTarget } from "@/lib/keys/otp-target";
import { sendMail } from "@/lib/mail/send-mail";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { toAuthMethod, type AuthMethodRow } from "../auth-method-view";
import { OTP_TTL_MS, newOtpCode, otpDigest } from "./otp-code";

/** AAD that binds an encrypted target key to its issuance row. */
export function targetKeyAad(otpId: string): string {
  return `otp_challenges:${otpId}`;
}

/**
 * EMAIL_OTP challenge (spec "Per-type authentication flows", step 1): a fresh code and a fresh HPKE
 * target key per issuance; earlier live issuances of the credential are superseded and their keys erased.
 */
export async function issueOtp(platform: PlatformPrincipal, credential: AuthMethodRow, body: unknown): Promise<Reply> {
  if (body !== undefined && Object.keys(body as object).length > 0) {
    throw new ApiError("INVALID_INPUT", "An EMAIL_OTP challenge takes no body", {
      errors: [{ field: "clientPublicKey", message: "Unknown field for an EMAIL_OTP challenge" }],
    });
  }
  const db = await getDb();
  const [owner] = await db
    .select({ email: customers.email })
    .from(internalAccounts)
    .innerJoin(customers, eq(customers.id, internalAccounts.customerId))
    .where(and(eq(internalAccounts.id, credential.accountId), eq(internalAccounts.platformId, platform.id)))
    .limit(1);
  if (!owner?.email) {
    throw new ApiError("INVALID_INPUT", "The account's customer has no email on file to send a code to", { reason: "CUSTOMER_EMAIL_MISSING" });
  }
  await consumeRateLimit(`otp-challenge:${credential.id}`, RATE_LIMITS.emailOtpChallenge, "EMAIL_OTP challenges for this credential");

  const sandbox = platform.environment === "SANDBOX";
  const code = newOtpCode(sandbox);
  const otpId = newUuid();
  const target = await issueOtpTarget({
    organizationId: platform.publicId,
    userId: formatId("InternalAccount", credential.accountId),
    binding: targetKeyAad(otpId),
  });
  const codeDigest = await otpDigest(otpId, code);
  await db.transaction(async (tx) => {
    // Target keys die with their OTP: erase every expired one still held (any credential), then this
    // credential's outstanding one, which the new issuance replaces.
    await tx
      .update(otpChallenges)
      .set({ state: "EXPIRED", targetPrivateKeyEnc: null, updatedAt: new Date() })
      .where(and(eq(otpChallenges.state, "ACTIVE"), lt(otpChallenges.expiresAt, new Date())));
    await tx
      .update(otpChallenges)
      .set({ state: "SUPERSEDED", targetPrivateKeyEnc: null, updatedAt: new Date() })
      .where(and(eq(otpChallenges.authMethodId, credential.id), eq(otpChallenges.state, "ACTIVE")));
    await tx.insert(otpChallenges).values({
      id: otpId,
      platformId: platform.id,
      authMethodId: credential.id,
      codeDigest,
      targetPublicKey: target.targetPublicHex,
      targetPrivateKeyEnc: target.encryptedTargetPrivateKey,
      state: "ACTIVE",
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
  });
  // Sandbox: no mail, the code is 000000 (spec step 7); encryption stays real.
  if (!sandbox) {
    await sendMail({
      to: owner.email,
      subject: "Your verification code",
      text: `Your verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    });
  }
  return reply(200, toAuthMethod(credential, { otpEncryptionTargetBundle: target.otpEncryptionTargetBundle }));
}
