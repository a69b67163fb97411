import { invalidInput } from "@/lib/server/core/validation";
import { getDb } from "@/db/client";
import { passkeyChallenges } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newId } from "@/lib/shared/ids";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { REQUEST_TTL_MS } from "@/lib/server/signed-retry/signed-operation";
import { type AuthMethodRow, toAuthMethod } from "../auth-method-view";
import type { ChallengeCredentialBody } from "../credential.contract";
import { passkeySessionPayload } from "./session-payload";

/**
 * POST /auth/credentials/{id}/challenge for a PASSKEY (spec "Per-type authentication flows", step 2):
 * binds `clientPublicKey`, the credential and a fresh Request-Id into the session-creation payload and
 * answers its digest as the WebAuthn challenge. Stored in PostgreSQL, so any instance can verify it.
 */
export async function issuePasskeyChallenge(input: {
  platform: PlatformPrincipal;
  credential: AuthMethodRow;
  body: ChallengeCredentialBody | undefined;
}) {
  const { platform, credential } = input;
  const clientPublicKey = input.body?.clientPublicKey?.toLowerCase();
  if (!clientPublicKey) {
    throw invalidInput(
      [{ field: "clientPublicKey", message: "Required for PASSKEY credentials" }],
      "A PASSKEY challenge needs clientPublicKey (hex SEC1 P-256 public key)",
    );
  }
  await consumeRateLimit(
    `passkey-challenge:${credential.id}`,
    RATE_LIMITS.passkeyChallenge,
    "passkey challenges for this credential",
  );
  const { uuid, id: requestId } = newId("Request");
  const now = Date.now();
  const { payload, challenge } = passkeySessionPayload({
    organizationId: platform.publicId,
    authMethodId: formatId("AuthMethod", credential.id),
    credentialId: credential.credentialId ?? "",
    clientPublicKey,
    requestId,
    timestampMs: now,
  });
  const expiresAt = new Date(now + REQUEST_TTL_MS);
  const db = await getDb();
  await db.insert(passkeyChallenges).values({
    id: uuid,
    platformId: platform.id,
    accountId: credential.accountId,
    authMethodId: credential.id,
    clientPublicKey,
    challenge,
    payload,
    expiresAt,
  });
  // Grid's PasskeyAuthChallenge: the AuthMethod (id, accountId, type, nickname, credentialId, createdAt, updatedAt)
  // with the challenge, its requestId and expiresAt.
  return reply(200, {
    ...toAuthMethod(credential),
    credentialId: credential.credentialId ?? "",
    challenge,
    requestId,
    expiresAt: expiresAt.toISOString(),
  });
}
