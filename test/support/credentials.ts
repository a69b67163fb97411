/**
 * Part-2 credential helpers for integration tests: passkeys through the software authenticator, and
 * OAUTH through the test OpenID provider, both driven through the SDK as an integrator backend would.
 */
import postgres from "postgres";
import { inject } from "vitest";
import {
  generateP256KeyPair,
  openCredentialBundle,
  publicKeyFromPrivate,
  utf8Encode,
  type P256KeyPair,
} from "@/lib/shared/crypto/web";
import { signedRetry, stampSigner, type AuthMethod, type AuthSession, type ServiceClient } from "@/lib/sdk";
import { registrationChallenge, SoftAuthenticator, type AttestationJson } from "./soft-authenticator";
import type { TestPlatform } from "./api";

const ORIGIN = "http://localhost:3000";
const RP_ID = "localhost";

export function passkeyBody(accountId: string, att: AttestationJson, challenge: string, nickname = "My passkey") {
  const { credentialId, clientDataJson, attestationObject, transports } = att;
  return {
    type: "PASSKEY" as const,
    accountId,
    nickname,
    challenge,
    attestation: { credentialId, clientDataJson, attestationObject, transports },
  };
}

/** Register a passkey on the account, the signed retry signed by `signerKey` (a session private key). */
export async function registerPasskey(
  client: ServiceClient,
  accountId: string,
  signerKey: string,
  auth: SoftAuthenticator,
  nickname = "My passkey",
): Promise<AuthMethod> {
  const challenge = registrationChallenge();
  const att = auth.create(challenge);
  return signedRetry(
    (h) => client.addCredential(passkeyBody(accountId, att, challenge, nickname), h),
    stampSigner(signerKey),
  );
}

/** A session's recovered private key, and a check that it is the key of the session the service recorded. */
export interface SealedSession {
  session: AuthSession;
  clientKey: P256KeyPair;
  sessionPrivateKey: string;
}

export async function openSession(session: AuthSession, clientKey: P256KeyPair): Promise<SealedSession> {
  if (!session.encryptedSessionSigningKey)
    throw new Error(`no encryptedSessionSigningKey in ${JSON.stringify(session)}`);
  const sessionPrivateKey = await openCredentialBundle({
    bundle: session.encryptedSessionSigningKey,
    recipientPrivateKeyHex: clientKey.privateKeyHex,
  });
  publicKeyFromPrivate(sessionPrivateKey); // a valid scalar
  return { session, clientKey, sessionPrivateKey };
}

/** Passkey sign-in (spec steps 2–3): challenge with a fresh client key, assert over UTF-8(challenge), verify. */
export async function signInWithPasskey(
  client: ServiceClient,
  credential: AuthMethod,
  auth: SoftAuthenticator,
): Promise<SealedSession> {
  const clientKey = generateP256KeyPair();
  const ch = await client.challengePasskey(credential.id, clientKey.publicKeyHex);
  const assertion = auth.get(credential.credentialId!, utf8Encode(ch.challenge));
  const res = await client.verifyCredential(
    credential.id,
    { type: "PASSKEY", assertion },
    { "Request-Id": ch.requestId },
  );
  if (res.status !== 200) throw new Error(`passkey verify answered ${res.status} ${JSON.stringify(res.body)}`);
  return openSession(res.body as AuthSession, clientKey);
}

export function softAuthenticator(): SoftAuthenticator {
  return new SoftAuthenticator(RP_ID, ORIGIN);
}

/** Run SQL against the test database (test setup only: for example making a platform PRODUCTION). */
export async function sql<T extends Record<string, unknown>[] = Record<string, unknown>[]>(
  fn: (q: postgres.Sql) => Promise<T>,
): Promise<T> {
  const q = postgres(inject("databaseUrl"), { max: 1, onnotice: () => {} });
  try {
    return await fn(q);
  } finally {
    await q.end();
  }
}

/** Bare uuid of `<Type>:<uuid>`. */
export const bare = (id: string) => id.slice(id.indexOf(":") + 1);

export async function setPlatformEnvironment(p: TestPlatform, environment: "SANDBOX" | "PRODUCTION"): Promise<void> {
  await sql((q) => q`update platforms set environment = ${environment} where id = ${bare(p.id)}`);
}
