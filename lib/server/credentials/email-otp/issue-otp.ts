import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, lt } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, internalAccounts, otpChallenges } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newUuid } from "@/lib/shared/ids";
import { issueOtpTarget } from "@/lib/server/keys/otp-target";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { toAuthMethod, type AuthMethodRow } from "../auth-method-view";
import type { OtpChannel } from "./otp-channel";
import { OTP_TTL_MS, newOtpCode, otpDigest } from "./otp-code";

/** AAD that binds an encrypted target key to its issuance row. */
export function targetKeyAad(otpId: string): string {
  return `otp_challenges:${otpId}`;
}

/**
 * EMAIL_OTP challenge (spec "Per-type authentication flows", step 1): a fresh code and a fresh HPKE
 * target key per issuance; earlier live issuances of the credential are superseded and their keys erased.
 */
export async function issueOtp(
  channel: OtpChannel,
  platform: PlatformPrincipal,
  credential: AuthMethodRow,
  body: unknown,
) {
  if (body !== undefined && Object.keys(body as object).length > 0) {
    throw invalidInput(
      [{ field: "clientPublicKey", message: "Unknown field for an EMAIL_OTP challenge" }],
      `An ${channel.type} challenge takes no body`,
    );
  }
  const db = await getDb();
  const [owner] = await db
    .select({ contact: customers[channel.contact] })
    .from(internalAccounts)
    .innerJoin(customers, eq(customers.id, internalAccounts.customerId))
    .where(and(eq(internalAccounts.id, credential.accountId), eq(internalAccounts.platformId, platform.id)))
    .limit(1);
  if (!owner?.contact) {
    throw invalidInput([], `The account's customer has no ${channel.contactLabel} on file to send a code to`, {
      reason: channel.type === "EMAIL_OTP" ? "CUSTOMER_EMAIL_MISSING" : "CUSTOMER_PHONE_MISSING",
    });
  }
  await consumeRateLimit(
    `otp-challenge:${credential.id}`,
    RATE_LIMITS.emailOtpChallenge,
    `${channel.type} challenges for this credential`,
  );

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
  // Sandbox: no mail or SMS, the code is 000000 (spec step 7); encryption stays real.
  if (!sandbox) await channel.deliver(owner.contact, code);
  return reply(200, toAuthMethod(credential, { otpEncryptionTargetBundle: target.otpEncryptionTargetBundle }));
}
