import { invalidInput } from "@/lib/server/core/validation";
import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { otpChallenges } from "@/db/schema";
import { OtpBundleError, normalizePublicKeyHex, type OtpBundlePlaintext } from "@/lib/shared/crypto/web";
import { ApiError } from "@/lib/server/core/errors";
import { openOtpAttempt } from "@/lib/server/keys/otp-target";
import { logger } from "@/lib/shared/log/logger";
import { OTP_MAX_ATTEMPTS, otpMatches } from "./otp-code";
import { targetKeyAad } from "./issue-otp";
import { defined } from "@/lib/shared/invariant";

function otpUnauthorized(reason: string, message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError("UNAUTHORIZED", message, { reason, ...extra });
}

/**
 * The first verify leg (protocol.md "EMAIL_OTP details"): open the bundle with the live issuance's
 * target key and check the code. Every attempt is counted before the comparison (the 5th wrong one kills
 * the issuance); a right code uses up the issuance and its target key. Returns the session public key sealed in the bundle.
 */
export async function checkOtp(db: DbOrTx, authMethodId: string, encryptedOtpBundle: string): Promise<string> {
  const [otp] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.authMethodId, authMethodId))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  if (!otp || otp.state === "USED" || otp.state === "SUPERSEDED")
    throw otpUnauthorized(
      "OTP_NOT_ISSUED",
      "No one-time code is outstanding for this credential; request a new challenge",
    );
  if (otp.state === "EXHAUSTED")
    throw otpUnauthorized(
      "OTP_ATTEMPTS_EXHAUSTED",
      `The one-time code was refused ${OTP_MAX_ATTEMPTS} times; request a new challenge`,
    );
  if (otp.state === "EXPIRED" || otp.expiresAt.getTime() <= Date.now() || !otp.targetPrivateKeyEnc) {
    await db
      .update(otpChallenges)
      .set({ state: "EXPIRED", targetPrivateKeyEnc: null, updatedAt: new Date() })
      .where(and(eq(otpChallenges.id, otp.id), eq(otpChallenges.state, "ACTIVE")));
    throw otpUnauthorized(
      "OTP_EXPIRED",
      `The one-time code expired at ${otp.expiresAt.toISOString()}; request a new challenge`,
    );
  }

  // The attempt is counted before anything is compared (one conditional UPDATE): of any number of concurrent
  // guesses, at most OTP_MAX_ATTEMPTS ever reach the comparison.
  const [slot] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(otpChallenges.id, otp.id),
        eq(otpChallenges.state, "ACTIVE"),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        sql`${otpChallenges.expiresAt} > now()`,
        isNotNull(otpChallenges.targetPrivateKeyEnc),
      ),
    )
    .returning({ attempts: otpChallenges.attempts, targetPrivateKeyEnc: otpChallenges.targetPrivateKeyEnc });
  if (!slot)
    throw otpUnauthorized(
      "OTP_ATTEMPTS_EXHAUSTED",
      `The one-time code was refused ${OTP_MAX_ATTEMPTS} times or is no longer live; request a new challenge`,
    );
  logger.debug({ otpId: otp.id, attempt: slot.attempts }, "otp attempt compared");

  let opened: OtpBundlePlaintext;
  try {
    opened = await openOtpAttempt({
      encryptedOtpBundle,
      encryptedTargetPrivateKey: defined(slot.targetPrivateKeyEnc, "the target key of a live OTP slot"),
      binding: targetKeyAad(otp.id),
    });
  } catch (e) {
    if (e instanceof OtpBundleError && e.reason === "DECRYPTION_FAILED") {
      return wrongAttempt(
        db,
        otp.id,
        slot.attempts,
        "The encryptedOtpBundle cannot be opened with the target key of the latest challenge",
      );
    }
    // Malformed input or a plaintext without {otp_code, public_key}: the client's bug, not a guess; the attempt is given back.
    await db
      .update(otpChallenges)
      .set({ attempts: sql`greatest(${otpChallenges.attempts} - 1, 0)` })
      .where(and(eq(otpChallenges.id, otp.id), eq(otpChallenges.state, "ACTIVE")));
    throw invalidInput(
      [{ field: "encryptedOtpBundle", message: e instanceof Error ? e.message : "invalid bundle" }],
      "The encryptedOtpBundle is not a valid OTP bundle",
      { reason: e instanceof OtpBundleError ? e.reason : "MALFORMED" },
    );
  }
  if (!(await otpMatches(otp.id, opened.otp_code, otp.codeDigest))) {
    await wrongAttempt(db, otp.id, slot.attempts, "The one-time code is wrong");
  }
  const [used] = await db
    .update(otpChallenges)
    .set({ state: "USED", targetPrivateKeyEnc: null, updatedAt: new Date() })
    .where(
      and(eq(otpChallenges.id, otp.id), eq(otpChallenges.state, "ACTIVE"), sql`${otpChallenges.expiresAt} > now()`),
    )
    .returning({ id: otpChallenges.id });
  if (!used)
    throw otpUnauthorized(
      "OTP_NOT_ISSUED",
      "The one-time code was used or replaced meanwhile; request a new challenge",
    );
  return normalizePublicKeyHex(opened.public_key);
}

/** A wrong guess (already counted): the last allowed one kills the issuance and erases its target key. */
async function wrongAttempt(db: DbOrTx, otpId: string, attempts: number, message: string): Promise<never> {
  if (attempts >= OTP_MAX_ATTEMPTS) {
    await db
      .update(otpChallenges)
      .set({ state: "EXHAUSTED", targetPrivateKeyEnc: null, updatedAt: new Date() })
      .where(and(eq(otpChallenges.id, otpId), eq(otpChallenges.state, "ACTIVE")));
  }
  throw otpUnauthorized("OTP_INVALID", message, { attemptsRemaining: Math.max(0, OTP_MAX_ATTEMPTS - attempts) });
}
