import { invalidInput } from "@/lib/server/core/validation";
import { eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import { scaStates } from "@/db/schema";
import { otpMatches } from "@/lib/server/credentials/email-otp/otp-code";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { spendTotpCode } from "./check-code";
import { consumeChallenge, openChallenge, passkeySatisfies, requireProofShape, type ScaProof } from "./sca-challenge";
import { SCA_SESSION_MS, countFailure, lockScaState, lockedError, throwIfLocked, type ScaState } from "./sca-state";
import { openTotpSecret } from "./totp";

interface CompleteBody extends ScaProof {
  factor: "SMS_OTP" | "TOTP" | "PASSKEY";
  challengeId?: string | null;
}

/**
 * POST /sca/login/complete. A wrong proof is a failed login: it is counted (and may lock) in the
 * same transaction, which commits before the refusal is answered.
 */
export async function completeScaLogin(platform: PlatformPrincipal, customerId: string, body: CompleteBody) {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    throwIfLocked(state);
    requireProofShape(body);
    const ok =
      body.factor === "PASSKEY"
        ? await passkeyLoginAccepted(tx, platform, customer, body)
        : await proofAccepted(tx, platform, customer.id, state, body);
    if (!ok) {
      const after = await countFailure(tx, state);
      if (after.lockedUntil && after.lockedUntil.getTime() > Date.now()) return lockedError(after.lockedUntil);
      return invalidInput(
        [{ field: "code", message: "Wrong or expired code" }],
        "The code is not correct or has expired",
        { failedAttempts: after.failedAttempts },
      );
    }
    const sessionExpiresAt = new Date(Date.now() + SCA_SESSION_MS);
    await tx
      .update(scaStates)
      .set({
        failedAttempts: 0,
        lockedUntil: null,
        sessionExpiresAt,
        loginChallengeId: null,
        loginCodeDigest: null,
        loginChallengeExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(eq(scaStates.customerId, customer.id));
    return { status: "SUCCESS", sessionExpiresAt: sessionExpiresAt.toISOString() };
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}

async function passkeyLoginAccepted(
  tx: Tx,
  platform: PlatformPrincipal,
  customer: CustomerRow,
  body: CompleteBody,
): Promise<boolean> {
  const challenge = await openChallenge(tx, customer.id, "LOGIN");
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) return false;
  const ok = await passkeySatisfies(tx, platform, customer, challenge.passkeyChallenge, body);
  if (ok) await consumeChallenge(tx, challenge.id);
  return ok;
}

async function proofAccepted(
  tx: Tx,
  platform: PlatformPrincipal,
  customerUuid: string,
  state: ScaState,
  body: CompleteBody,
): Promise<boolean> {
  if (!body.code) return false;
  if (body.factor === "TOTP")
    return (
      state.totpSecretEnc !== null &&
      (await spendTotpCode(tx, platform, state, await openTotpSecret(state.totpSecretEnc, customerUuid), body.code))
    );
  if (body.factor !== "SMS_OTP") return false;
  if (!state.loginChallengeId || body.challengeId !== state.loginChallengeId || !state.loginCodeDigest) return false;
  if (!state.loginChallengeExpiresAt || state.loginChallengeExpiresAt.getTime() <= Date.now()) return false;
  return otpMatches(state.loginChallengeId, body.code, state.loginCodeDigest);
}
