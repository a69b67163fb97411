import type { Tx } from "@/db/client";
import { authSessions } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { normalizePublicKeyHex, generateP256KeyPair, sealCredentialBundle } from "@/lib/shared/crypto/web";
import type { CredentialType } from "@/lib/server/signed-retry/signed-operation";
import { toAuthSession } from "./session-view";
import type { AuthSession } from "./session.contract";

export interface SessionIssuer {
  platform: PlatformPrincipal;
  accountId: string;
  authMethodId: string;
  type: CredentialType;
  nickname: string | null;
}

/** A session for a key the client already holds (EMAIL_OTP): only the public key is stored. */
export async function createSessionForKey(tx: Tx, issuer: SessionIssuer, publicKeyHex: string): Promise<AuthSession> {
  const lifetimeMs = issuer.platform.settings.sessionLifetimeSeconds * 1000;
  const now = new Date();
  const [row] = await tx
    .insert(authSessions)
    .values({
      id: newUuid(),
      platformId: issuer.platform.id,
      accountId: issuer.accountId,
      authMethodId: issuer.authMethodId,
      type: issuer.type,
      publicKey: normalizePublicKeyHex(publicKeyHex),
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    })
    .returning();
  return toAuthSession(row, issuer.nickname);
}

/**
 * A session whose key the service generates (OAUTH and PASSKEY verify, refresh): the private scalar
 * lives only in this function and leaves sealed to `clientPublicKey` (protocol.md "encryptedSessionSigningKey").
 */
export async function createSessionSealedTo(
  tx: Tx,
  issuer: SessionIssuer,
  clientPublicKeyHex: string,
): Promise<AuthSession> {
  const key = generateP256KeyPair();
  const sealed = await sealCredentialBundle({
    privateKeyHex: key.privateKeyHex,
    recipientPublicKeyHex: clientPublicKeyHex,
  });
  const session = await createSessionForKey(tx, issuer, key.publicKeyHex);
  return { ...session, encryptedSessionSigningKey: sealed };
}
