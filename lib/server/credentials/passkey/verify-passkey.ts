import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { authMethods, passkeyChallenges } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, parseId } from "@/lib/shared/ids";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { createSessionSealedTo } from "@/lib/server/sessions/create-session";
import { REQUEST_ID_HEADER, type SignedCall } from "@/lib/server/signed-retry/signed-operation";
import type { VerifyCredentialBody } from "../credential.contract";
import { credentialOfType } from "../credential-of-type";
import { verifyPasskeyAssertion } from "./verify-passkey-assertion";

function requestRefused(reason: string, message: string): ApiError {
  return new ApiError("UNAUTHORIZED", message, { reason });
}

/**
 * POST /auth/credentials/{id}/verify with a PASSKEY assertion and the challenge's Request-Id (spec step 3):
 * verify the assertion against the bound challenge, then in one transaction use up the Request-Id, move
 * the counter forward and create the session, whose fresh key is sealed to the clientPublicKey bound at
 * the challenge. A failed assertion leaves the Request-Id usable until it expires (rate limited).
 */
export async function verifyPasskey(
  call: SignedCall<{ platform: PlatformPrincipal; credentialId: string; body: VerifyCredentialBody }>,
) {
  const { platform, body } = call.input;
  if (body.type !== "PASSKEY") throw new Error(`passkey verify given a ${body.type} body`);
  const db = await getDb();
  const credential = await credentialOfType(db, platform.id, call.input.credentialId, "PASSKEY");
  const header = call.headers.get(REQUEST_ID_HEADER);
  if (header === null) {
    throw new ApiError(
      "REQUEST_ID_MISSING",
      `A PASSKEY verify carries the ${REQUEST_ID_HEADER} of its challenge; none was sent`,
    );
  }
  await consumeRateLimit(`verify:${credential.id}`, RATE_LIMITS.verify, "verify attempts for this credential");
  const uuid = parseId("Request", header.trim());
  const [challenge] = uuid
    ? await db.select().from(passkeyChallenges).where(eq(passkeyChallenges.id, uuid)).limit(1)
    : [];
  if (!challenge || challenge.platformId !== platform.id) {
    throw requestRefused(
      "REQUEST_ID_UNKNOWN",
      `${REQUEST_ID_HEADER} ${header.slice(0, 80)} is not a passkey challenge of this platform`,
    );
  }
  const requestId = formatId("Request", challenge.id);
  if (challenge.authMethodId !== credential.id) {
    throw requestRefused(
      "REQUEST_ID_MISMATCH",
      `${REQUEST_ID_HEADER} ${requestId} was issued for ${formatId("AuthMethod", challenge.authMethodId)}, not for ${call.input.credentialId}`,
    );
  }
  if (challenge.consumedAt)
    throw requestRefused("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${requestId} has already been used`);
  if (challenge.expiresAt.getTime() <= Date.now()) {
    throw requestRefused(
      "REQUEST_ID_EXPIRED",
      `${REQUEST_ID_HEADER} ${requestId} expired at ${challenge.expiresAt.toISOString()}`,
    );
  }
  const { newCounter } = await verifyPasskeyAssertion({
    webauthn: platform.settings.webauthn,
    passkey: {
      credentialId: credential.credentialId ?? "",
      publicKey: credential.publicKey ?? "",
      signCount: credential.signCount ?? 0,
      transports: credential.transports ?? [],
    },
    challengeHex: challenge.challenge,
    assertion: body.assertion,
  });
  const session = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(passkeyChallenges)
      .set({ consumedAt: sql`now()` })
      .where(
        and(
          eq(passkeyChallenges.id, challenge.id),
          isNull(passkeyChallenges.consumedAt),
          gt(passkeyChallenges.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passkeyChallenges.id });
    if (!consumed) throw requestRefused("REQUEST_ID_REUSED", `${REQUEST_ID_HEADER} ${requestId} has already been used`);
    // Conditional on the counter we verified against: of two assertions racing, the stale one loses.
    const [moved] = await tx
      .update(authMethods)
      .set({ signCount: newCounter, updatedAt: new Date() })
      .where(
        and(
          eq(authMethods.id, credential.id),
          isNull(authMethods.revokedAt),
          sql`coalesce(${authMethods.signCount}, 0) = ${credential.signCount ?? 0}`,
        ),
      )
      .returning({ id: authMethods.id });
    if (!moved) {
      throw new ApiError("UNAUTHORIZED", "The passkey was used or revoked concurrently; request a new challenge", {
        reason: "ASSERTION_COUNTER_INVALID",
      });
    }
    return createSessionSealedTo(
      tx,
      {
        platform,
        accountId: credential.accountId,
        authMethodId: credential.id,
        type: "PASSKEY",
        nickname: credential.nickname,
      },
      challenge.clientPublicKey,
    );
  });
  return reply(200, session);
}
