/**
 * The wallet's flows as the page runs them. Every secret stays in this browser: the OTP is sealed
 * to the enclave, session keys are generated or decrypted here and kept non-extractable.
 */
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { ServiceError } from "@/lib/sdk/service-error";
import type { AuthMethod, AuthSession } from "@/lib/sdk/types";
import { resendWhileProcessing } from "@/lib/sdk/signed-retry";
import { api, ok, signedRequest, type OnProgress } from "./api";
import {
  clearAll,
  deleteSession,
  loadSession,
  saveSession,
  savePendingTransport,
  takePendingTransport,
  type StoredSession,
} from "./custody";
import {
  generateSessionKey,
  generateTransportKey,
  importSessionScalar,
  type SessionKey,
  type TransportKey,
} from "./keys";
import { assertPasskey, createPasskey } from "./webauthn";

/**
 * HPKE and the curve code (the bundles) load on first use, not with the page: sign-in fetches them while the
 * user types the code (`preloadCrypto`), so the wallet's first load stays small.
 */
const bundles = () => import("./bundles");
export function preloadCrypto(): void {
  void bundles();
}

export interface Me {
  email: string;
  name: string | null;
  customerId: string;
  accountId: string;
  /** `Platform:<uuid>`: the organizationId inside export bundles. */
  platformId: string;
  environment: "SANDBOX" | "PRODUCTION";
  enclaveQuorumPublic: string | null;
  rpId: string;
  sessionLifetimeSeconds: number;
}

export const getMe = async () => ok(await api<Me>("GET", "/me")).body;
export const listCredentials = async () => ok(await api<{ data: AuthMethod[] }>("GET", "/credentials")).body.data;
/** A session with the device the integrator saw behind it (null: not seen since the integrator started recording). */
export type SessionInfo = AuthSession & {
  device: { browser: string; os: string; firstSeenAt: string; lastSeenAt: string } | null;
};

/** The wallet's active sessions; `current` is the one this browser holds (recorded as this device). */
export const listSessions = async (current?: string) =>
  ok(
    await api<{ data: SessionInfo[] }>(
      "GET",
      current ? `/sessions?current=${encodeURIComponent(current)}` : "/sessions",
    ),
  ).body.data;

async function store(session: AuthSession, key: SessionKey, credentialId?: string): Promise<StoredSession> {
  const previous = await loadSession();
  const s: StoredSession = {
    sessionId: session.id,
    accountId: session.accountId,
    type: session.type,
    nickname: session.nickname,
    credentialId,
    expiresAt: session.expiresAt,
    publicKeyHex: key.publicKeyHex,
    privateKey: key.privateKey,
  };
  await saveSession(s);
  // Unlocking again in this browser (a fresh unlock before export, a phone's code check) replaces the session it
  // held: the old one is ended, signed by the new key, so no identical session stays behind. Best effort: the old
  // one may already have ended or expired.
  if (previous && previous.sessionId !== s.sessionId && Date.parse(previous.expiresAt) > Date.now()) {
    await signedRequest(
      "DELETE",
      `/sessions/${encodeURIComponent(previous.sessionId)}`,
      undefined,
      async () => key,
    ).catch(() => undefined);
  }
  return s;
}

/** The stored session as a signer; fails with a clear error when there is none. */
export async function currentSigner(): Promise<SessionKey> {
  const s = await loadSession();
  if (!s)
    throw new ServiceError({ status: 401, code: "WALLET_SESSION_REQUIRED", message: "Sign in to your wallet first" });
  return { privateKey: s.privateKey, publicKeyHex: s.publicKeyHex };
}

export { cancelPasskeyPrompt } from "./webauthn";

// ---- EMAIL_OTP and SMS_OTP (the same flow; the code comes by mail or by text message) ----

/**
 * Step 1: the service mails a code and answers the target bundle, re-asked while PROCESSING; a re-issue that is rate
 * limited (protocol.md "Rate limit defaults") waits as told, up to a minute, with a countdown.
 */
export async function requestEmailCode(credentialId: string, onProgress?: OnProgress): Promise<string> {
  const r = await resendWhileProcessing(
    async () =>
      ok(
        await api<AuthMethod & { status?: string }>(
          "POST",
          `/credentials/${encodeURIComponent(credentialId)}/challenge`,
        ),
      ),
    { maxProcessingMs: 10_000, maxRetryAfterMs: 60_000, onProgress },
  );
  // Settled: neither PROCESSING nor a challenge (an EMAIL_OTP challenge is not a signed retry), so the method itself.
  const bundle = (r.body as AuthMethod | undefined)?.otpEncryptionTargetBundle;
  if (!bundle)
    throw new ServiceError({ status: 502, code: "BAD_RESPONSE", message: "The challenge carried no target bundle" });
  return bundle;
}

/** Steps 2–5: fresh key pair, sealed {otp_code, public_key}, 202, stamp with the new key, session. */
export async function verifyEmailCode(
  input: { credentialId: string; code: string; targetBundle: string; pinnedEnclavePublicHex: string },
  onProgress?: OnProgress,
): Promise<StoredSession> {
  const key = await generateSessionKey();
  const { sealOtp } = await bundles();
  const encryptedOtpBundle = await sealOtp({
    otpCode: input.code,
    sessionPublicKeyHex: key.publicKeyHex,
    targetBundle: input.targetBundle,
    pinnedEnclavePublicHex: input.pinnedEnclavePublicHex,
  });
  const session = await signedRequest<AuthSession>(
    "POST",
    `/credentials/${encodeURIComponent(input.credentialId)}/verify`,
    { encryptedOtpBundle },
    async () => key,
    onProgress,
  );
  return store(session, key, input.credentialId);
}

// ---- PASSKEY ----

export async function signInWithPasskey(cred: AuthMethod, rpId: string): Promise<StoredSession> {
  const transport = await generateTransportKey();
  const ch = ok(
    await api<{ challenge: string; requestId: string; expiresAt: string }>(
      "POST",
      `/credentials/${encodeURIComponent(cred.id)}/challenge`,
      {
        body: { clientPublicKey: transport.publicKeyHex },
      },
    ),
  ).body;
  const assertion = await assertPasskey({ challengeHex: ch.challenge, rpId, credentialId: cred.credentialId });
  const r = ok(
    await api<AuthSession>("POST", `/credentials/${encodeURIComponent(cred.id)}/verify`, {
      body: { assertion },
      requestId: ch.requestId,
    }),
  );
  return openAndStore(r.body, transport, cred.id);
}

async function openAndStore(
  session: AuthSession,
  transport: TransportKey,
  credentialId?: string,
): Promise<StoredSession> {
  if (!session.encryptedSessionSigningKey)
    throw new ServiceError({
      status: 502,
      code: "BAD_RESPONSE",
      message: "The session carried no encrypted signing key",
    });
  const { openSessionKey } = await bundles();
  const key = await importSessionScalar(await openSessionKey(session.encryptedSessionSigningKey, transport));
  return store(session, key, credentialId);
}

/** Register a passkey: options with our challenge → navigator.credentials.create → signed retry. */
export async function addPasskey(nickname: string, onProgress?: OnProgress): Promise<AuthMethod> {
  const { options, challenge } = ok(
    await api<{ options: PublicKeyCredentialCreationOptionsJSON; challenge: string }>("POST", "/passkey/options", {
      body: {},
    }),
  ).body;
  const attestation = await createPasskey(options);
  return signedRequest<AuthMethod>(
    "POST",
    "/credentials",
    { type: "PASSKEY", nickname, challenge, attestation },
    currentSigner,
    onProgress,
  );
}

// ---- OAUTH (OIDC) ----

/** Leave for the OpenID provider; the transport key waits in IndexedDB (non-extractable) until we return. */
export async function startOidcSignIn(cred: AuthMethod): Promise<never> {
  const transport = await generateTransportKey();
  await savePendingTransport("SIGN_IN", transport, cred.id);
  const { url } = ok(
    await api<{ url: string }>("POST", "/oidc/start", {
      body: { purpose: "SIGN_IN", credentialId: cred.id, clientPublicKey: transport.publicKeyHex },
    }),
  ).body;
  window.location.assign(url);
  return new Promise<never>(() => {});
}

export async function finishOidcSignIn(session: AuthSession): Promise<StoredSession> {
  const transport = await takePendingTransport();
  if (!transport)
    throw new ServiceError({
      status: 400,
      code: "OIDC_KEY_MISSING",
      message: "This browser no longer holds the key the sign-in was started with: start again",
    });
  return openAndStore(session, transport, transport.credentialId);
}

export async function startOidcLink(): Promise<never> {
  const { url } = ok(await api<{ url: string }>("POST", "/oidc/start", { body: { purpose: "LINK" } })).body;
  window.location.assign(url);
  return new Promise<never>(() => {});
}

export async function linkOidc(oidcToken: string, onProgress?: OnProgress): Promise<AuthMethod> {
  return signedRequest<AuthMethod>("POST", "/credentials", { type: "OAUTH", oidcToken }, currentSigner, onProgress);
}

// ---- credentials, sessions, export ----

/** Add a text-message code: the integrator records the phone number on the customer, then the signed add. */
export async function addSmsCredential(phoneNumber: string, onProgress?: OnProgress): Promise<AuthMethod> {
  return signedRequest<AuthMethod>("POST", "/credentials", { type: "SMS_OTP", phoneNumber }, currentSigner, onProgress);
}

export async function addEmailCredential(onProgress?: OnProgress): Promise<AuthMethod> {
  return signedRequest<AuthMethod>("POST", "/credentials", { type: "EMAIL_OTP" }, currentSigner, onProgress);
}

export async function revokeCredential(id: string, onProgress?: OnProgress): Promise<void> {
  await signedRequest("DELETE", `/credentials/${encodeURIComponent(id)}`, undefined, currentSigner, onProgress);
}

export async function revokeSession(id: string, onProgress?: OnProgress): Promise<void> {
  await signedRequest("DELETE", `/sessions/${encodeURIComponent(id)}`, undefined, currentSigner, onProgress);
  const mine = await loadSession();
  if (mine?.sessionId === id) await deleteSession();
}

/** Refresh before expiry: signed by the current session; the new key comes sealed to a fresh transport key. */
export async function refreshSession(onProgress?: OnProgress): Promise<StoredSession> {
  const current = await loadSession();
  if (!current)
    throw new ServiceError({ status: 401, code: "WALLET_SESSION_REQUIRED", message: "No wallet session to refresh" });
  const transport = await generateTransportKey();
  const session = await signedRequest<AuthSession>(
    "POST",
    `/sessions/${encodeURIComponent(current.sessionId)}/refresh`,
    { clientPublicKey: transport.publicKeyHex },
    currentSigner,
    onProgress,
  );
  return openAndStore(session, transport, current.credentialId);
}

export async function exportWallet(
  pinnedEnclavePublicHex: string,
  organizationId: string,
  onProgress?: OnProgress,
): Promise<string> {
  const transport = await generateTransportKey();
  const exported = await signedRequest<{ id: string; encryptedWalletCredentials: string }>(
    "POST",
    "/export",
    { clientPublicKey: transport.publicKeyHex },
    currentSigner,
    onProgress,
  );
  const { openExport } = await bundles();
  return openExport(exported.encryptedWalletCredentials, transport, pinnedEnclavePublicHex, organizationId);
}

/** Sign out of the wallet: revoke the session (best effort), then forget every key. */
export async function walletSignOut(): Promise<void> {
  const s = await loadSession();
  if (s) await revokeSession(s.sessionId).catch(() => {});
  await clearAll();
}

export { loadSession, deleteSession, clearAll };
