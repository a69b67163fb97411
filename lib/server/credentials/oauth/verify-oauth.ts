import { getDb } from "@/db/client";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { createSessionSealedTo } from "@/lib/server/sessions/create-session";
import type { SignedCall } from "@/lib/server/signed-retry/signed-operation";
import type { VerifyCredentialBody } from "../credential.contract";
import { credentialOfType } from "../credential-of-type";
import { recordOidcTokenUse } from "./record-oidc-token-use";
import { verifyOidcToken } from "./verify-oidc-token";

/**
 * POST /auth/credentials/{id}/verify for OAUTH (spec "Per-type authentication flows", step 2): one call with a
 * fresh token whose nonce binds `clientPublicKey`; the token is used up in the transaction that creates the
 * session, whose fresh key is returned sealed to `clientPublicKey`.
 */
export async function verifyOauth(
  call: SignedCall<{ platform: PlatformPrincipal; credentialId: string; body: VerifyCredentialBody }>,
) {
  const { platform, body } = call.input;
  if (body.type !== "OAUTH") throw new Error(`oauth verify given a ${body.type} body`);
  const db = await getDb();
  const credential = await credentialOfType(db, platform.id, call.input.credentialId, "OAUTH");
  await consumeRateLimit(`verify:${credential.id}`, RATE_LIMITS.verify, "verify attempts for this credential");
  const token = await verifyOidcToken(platform, body.oidcToken, {
    kind: "VERIFY",
    credential: {
      issuer: credential.oidcIssuer ?? "",
      subject: credential.oidcSubject ?? "",
      audience: credential.oidcAudience ?? "",
    },
    clientPublicKey: body.clientPublicKey,
  });
  const session = await db.transaction(async (tx) => {
    await recordOidcTokenUse(tx, platform.id, token, credential.id);
    // Re-read under the transaction: a credential revoked meanwhile issues no session.
    await credentialOfType(tx, platform.id, call.input.credentialId, "OAUTH");
    return createSessionSealedTo(
      tx,
      {
        platform,
        accountId: credential.accountId,
        authMethodId: credential.id,
        type: "OAUTH",
        nickname: credential.nickname,
      },
      body.clientPublicKey,
    );
  });
  return reply(200, session);
}
