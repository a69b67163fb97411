import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  canonicalJson,
  generateP256KeyPair,
  makeStamp,
  openCredentialBundle,
  publicKeyFromPrivate,
  sealOtpBundle,
  verifyEnclaveBundle,
} from "@/lib/shared/crypto/web";
import {
  ServiceError,
  signedRetry,
  stampSigner,
  withRetryAfter,
  type AuthSession,
  type SignedRetryChallenge,
} from "@/lib/sdk";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { newWalletUser, otpBundle, reorderedStamp, sdkFor, type WalletUser } from "../../support/wallet";

const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

function uuidOf(id: string) {
  return id.slice(id.indexOf(":") + 1);
}

async function expectServiceError(
  p: Promise<unknown>,
  status: number,
  code: string,
  reason?: string,
): Promise<ServiceError> {
  const e = await p.then(
    () => {
      throw new Error(`expected ${status} ${code}, got success`);
    },
    (err) => err,
  );
  expect(e).toBeInstanceOf(ServiceError);
  expect({ status: e.status, code: e.code }).toEqual({ status, code });
  expect(e.body).toMatchObject({ status, code, message: expect.any(String) });
  if (reason) expect(e.reason).toBe(reason);
  return e;
}

describe("EMAIL_OTP sign-in, sessions and the signed retry over HTTP", () => {
  let p: TestPlatform;
  let client: ReturnType<typeof sdkFor>;
  let user: WalletUser;
  let first: { session: AuthSession; key: ReturnType<typeof generateP256KeyPair> };

  beforeAll(async () => {
    p = await newPlatform();
    client = sdkFor(p);
    user = await newWalletUser(p, client);
  });

  it("signs in: a pinned target bundle, a 202 bound to the sealed key, a signed retry, an AuthSession", async () => {
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const key = generateP256KeyPair();
    const { encryptedOtpBundle, targetBundle } = await otpBundle(client, user.credentialId, "000000", key);
    const data = verifyEnclaveBundle(targetBundle, enclaveQuorumPublic);
    expect(data).toMatchObject({
      organizationId: p.id,
      userId: user.accountId,
      targetPublic: expect.stringMatching(/^04[0-9a-f]{128}$/),
    });

    const body = { type: "EMAIL_OTP" as const, encryptedOtpBundle };
    const first202 = await client.verifyCredential(user.credentialId, body);
    expect(first202.status).toBe(202);
    const ch = first202.body as SignedRetryChallenge;
    expect(ch.type).toBe("EMAIL_OTP");
    expect(ch.requestId).toMatch(/^Request:[0-9a-f-]{36}$/);
    expect(new Date(ch.expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    // payloadToSign: compact JSON with sorted keys (protocol.md "payloadToSign").
    const payload = JSON.parse(ch.payloadToSign);
    expect(canonicalJson(payload)).toBe(ch.payloadToSign);
    expect(Object.keys(payload)).toEqual(["organizationId", "parameters", "requestId", "timestampMs", "type"]);
    expect(payload).toMatchObject({
      organizationId: p.id,
      requestId: ch.requestId,
      timestampMs: expect.stringMatching(/^\d+$/),
      type: "ACTIVITY_TYPE_EMAIL_OTP_LOGIN",
      parameters: { accountId: user.accountId, credentialId: user.credentialId, publicKey: key.publicKeyHex },
    });

    // Another key may not sign: only the key sealed in the bundle. The refusal leaves the Request-Id usable.
    const intruder = generateP256KeyPair();
    await expectServiceError(
      client.verifyCredential(user.credentialId, body, {
        "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: intruder.privateKeyHex }),
        "Request-Id": ch.requestId,
      }),
      401,
      "WALLET_SIGNATURE_INVALID",
      "SIGNER_NOT_ALLOWED",
    );
    const headers = {
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }),
      "Request-Id": ch.requestId,
    };
    const done = await client.verifyCredential(user.credentialId, body, headers);
    expect(done.status).toBe(200);
    const session = done.body as AuthSession;
    expect(session).toMatchObject({
      id: expect.stringMatching(/^Session:/),
      accountId: user.accountId,
      type: "EMAIL_OTP",
      nickname: user.email,
    });
    expect(session.encryptedSessionSigningKey).toBeUndefined();
    expect(new Date(session.expiresAt).getTime() - new Date(session.createdAt).getTime()).toBe(900_000);

    // An identical re-send (a lost answer) gets the stored result again; other stamp bytes are a reuse.
    const again = await client.verifyCredential(user.credentialId, body, headers);
    expect(again.headers.get("signed-request-replayed")).toBe("true");
    expect(again.body).toEqual(done.body);
    expect(done.headers.get("signed-request-replayed")).toBeNull();
    const otherBytes = { ...headers, "Service-Wallet-Signature": reorderedStamp(headers["Service-Wallet-Signature"]) };
    await expectServiceError(
      client.verifyCredential(user.credentialId, body, otherBytes),
      401,
      "UNAUTHORIZED",
      "REQUEST_ID_REUSED",
    );
    // The OTP is single use: the same bundle cannot start another sign-in.
    await expectServiceError(client.verifyCredential(user.credentialId, body), 401, "UNAUTHORIZED", "OTP_NOT_ISSUED");

    const listed = await client.listSessions(user.accountId);
    expect(listed.data.map((s) => s.id)).toEqual([session.id]);
    expect(JSON.stringify(listed)).not.toContain("encryptedSessionSigningKey");
    first = { session, key };
  });

  it("refreshes a session: signed by that session, 201 with a new key sealed to clientPublicKey; the old key is dead", async () => {
    const client2 = generateP256KeyPair();
    // Another session of the account may not sign a refresh: only the session itself.
    const other = generateP256KeyPair();
    const refreshed = await signedRetry(
      (h) => client.refreshSession(first.session.id, client2.publicKeyHex, h),
      stampSigner(first.key.privateKeyHex),
    );
    expect(refreshed).toMatchObject({
      id: expect.stringMatching(/^Session:/),
      accountId: user.accountId,
      type: "EMAIL_OTP",
    });
    expect(refreshed.id).not.toBe(first.session.id);
    const sessionPriv = await openCredentialBundle({
      bundle: refreshed.encryptedSessionSigningKey!,
      recipientPrivateKeyHex: client2.privateKeyHex,
    });
    expect(sessionPriv).toMatch(/^[0-9a-f]{64}$/);
    const listed = await client.listSessions(user.accountId);
    expect(listed.data.map((s) => s.id)).toEqual([refreshed.id]);

    // The old session is gone (404), and its key no longer signs anything.
    await expectServiceError(client.refreshSession(first.session.id, other.publicKeyHex), 404, "SESSION_NOT_FOUND");
    const ch = (await client.revokeSession(refreshed.id)).body as SignedRetryChallenge;
    expect(ch.type).toBe("EMAIL_OTP");
    await expectServiceError(
      client.revokeSession(refreshed.id, {
        "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: first.key.privateKeyHex }),
        "Request-Id": ch.requestId,
      }),
      401,
      "WALLET_SIGNATURE_INVALID",
      "SIGNER_NOT_ALLOWED",
    );
    first = {
      session: refreshed,
      key: {
        privateKeyHex: sessionPriv,
        publicKeyHex: publicKeyFromPrivate(sessionPriv),
        publicKeyUncompressedHex: "",
      },
    };
  });

  it("answers every 401 of the signed retry with the check that failed", async () => {
    const session = first.session;
    const priv = first.key.privateKeyHex;
    const pub = generateP256KeyPair().publicKeyHex;
    const ch = (await client.refreshSession(session.id, pub)).body as SignedRetryChallenge;
    const good = makeStamp({ payload: ch.payloadToSign, privateKeyHex: priv });
    const path = `/auth/sessions/${session.id}/refresh`;
    const post = (headers: Record<string, string>, body: unknown = { clientPublicKey: pub }, auth = p.auth) =>
      call("POST", path, { auth, body, headers });

    const cases: [Record<string, string>, unknown, string, number, string, string?][] = [
      [{ "Request-Id": ch.requestId }, undefined, p.auth, 401, "WALLET_SIGNATURE_MISSING"],
      [{ "Service-Wallet-Signature": good }, undefined, p.auth, 401, "REQUEST_ID_MISSING"],
      [
        { "Service-Wallet-Signature": "not a stamp!", "Request-Id": ch.requestId },
        undefined,
        p.auth,
        401,
        "WALLET_SIGNATURE_MALFORMED",
        "NOT_BASE64URL",
      ],
      [
        {
          "Service-Wallet-Signature": Buffer.from('{"publicKey":"02","scheme":"X","signature":"30"}').toString(
            "base64url",
          ),
          "Request-Id": ch.requestId,
        },
        undefined,
        p.auth,
        401,
        "WALLET_SIGNATURE_MALFORMED",
        "UNKNOWN_SCHEME",
      ],
      [
        { "Service-Wallet-Signature": good, "Request-Id": "Request:0193a0a0-0000-7000-8000-000000000000" },
        undefined,
        p.auth,
        401,
        "UNAUTHORIZED",
        "REQUEST_ID_UNKNOWN",
      ],
      [
        { "Service-Wallet-Signature": good, "Request-Id": ch.requestId },
        { clientPublicKey: generateP256KeyPair().publicKeyHex },
        p.auth,
        401,
        "WALLET_SIGNATURE_BODY_MISMATCH",
      ],
      [
        {
          "Service-Wallet-Signature": makeStamp({ payload: `${ch.payloadToSign} `, privateKeyHex: priv }),
          "Request-Id": ch.requestId,
        },
        undefined,
        p.auth,
        401,
        "WALLET_SIGNATURE_INVALID",
        "SIGNATURE_MISMATCH",
      ],
      [
        { "Service-Wallet-Signature": good, "Request-Id": ch.requestId },
        undefined,
        "Basic Zm9vOmJhcg==",
        401,
        "UNAUTHORIZED",
      ],
    ];
    for (const [headers, body, auth, status, code, reason] of cases) {
      const r = await post(headers, body ?? { clientPublicKey: pub }, auth);
      expect({ status: r.status, code: r.body.code }, JSON.stringify(r.body)).toEqual({ status, code });
      if (reason) expect(r.body.details?.reason).toBe(reason);
    }
    // A Request-Id of another operation (a revoke of the same session) is refused on this one.
    const other = (await client.revokeSession(session.id)).body as SignedRetryChallenge;
    const mismatch = await post({ "Service-Wallet-Signature": good, "Request-Id": other.requestId });
    expect(mismatch.body).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      details: { reason: "REQUEST_ID_MISMATCH" },
    });
    // Another platform cannot use this platform's Request-Id: it reads as unknown.
    const p2 = await newPlatform();
    const foreign = await call("POST", path, {
      auth: p2.auth,
      body: { clientPublicKey: pub },
      headers: { "Service-Wallet-Signature": good, "Request-Id": ch.requestId },
    });
    expect(foreign.body).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      details: { reason: "REQUEST_ID_UNKNOWN" },
    });

    // An expired Request-Id (its clock moved past expiresAt) is refused, and names the expiry.
    await sql`update signed_requests set expires_at = now() - interval '1 second' where id = ${uuidOf(ch.requestId)}`;
    const expired = await post({ "Service-Wallet-Signature": good, "Request-Id": ch.requestId });
    expect(expired.body).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      details: { reason: "REQUEST_ID_EXPIRED" },
    });
    // Nothing above used the session up: it still signs.
    const listed = await client.listSessions(user.accountId);
    expect(listed.data.map((s) => s.id)).toContain(session.id);
  });

  it("404s unknown and other platforms' credentials and sessions, and lists nothing for them", async () => {
    const p2 = await newPlatform();
    const c2 = sdkFor(p2);
    await expectServiceError(c2.deleteCredential(user.credentialId), 404, "CREDENTIAL_NOT_FOUND");
    await expectServiceError(c2.challengeEmailOtp(user.credentialId), 404, "CREDENTIAL_NOT_FOUND");
    await expectServiceError(c2.revokeSession(first.session.id), 404, "SESSION_NOT_FOUND");
    await expectServiceError(
      client.revokeSession("Session:0193a0a0-0000-7000-8000-000000000000"),
      404,
      "SESSION_NOT_FOUND",
    );
    await expectServiceError(client.deleteCredential("AuthMethod:nope"), 404, "CREDENTIAL_NOT_FOUND");
    expect(await c2.listCredentials(user.accountId)).toEqual({ data: [] });
    expect(await c2.listSessions(user.accountId)).toEqual({ data: [] });
    await expectServiceError(
      client.addCredential({ type: "EMAIL_OTP", accountId: "InternalAccount:0193a0a0-0000-7000-8000-000000000000" }),
      404,
      "INTERNAL_ACCOUNT_NOT_FOUND",
    );
  });

  it("refuses before signing: a second EMAIL_OTP credential (400) and revoking the only credential (400 LAST_CREDENTIAL)", async () => {
    await expectServiceError(
      client.addCredential({ type: "EMAIL_OTP", accountId: user.accountId }),
      400,
      "EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS",
    );
    await expectServiceError(client.deleteCredential(user.credentialId), 400, "INVALID_INPUT", "LAST_CREDENTIAL");
    const listed = await client.listCredentials(user.accountId);
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: user.credentialId,
        type: "EMAIL_OTP",
        nickname: user.email,
        accountId: user.accountId,
      }),
    ]);
  });

  it("signs in a second time with a fresh key pair (after the challenge's Retry-After), then revokes a session whose key then cannot sign", async () => {
    // A challenge issued now (after the first one's interval, which the SDK waits out if it has not passed; the
    // suite's server re-sends after emailOtpResendSeconds, not the default 30 s): a re-issue straight after it is
    // rate limited with Retry-After within that interval.
    const resend = inject("emailOtpResendSeconds");
    await withRetryAfter(() => client.challengeEmailOtp(user.credentialId));
    const limited = await expectServiceError(client.challengeEmailOtp(user.credentialId), 429, "RATE_LIMITED");
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(resend);
    // The SDK honours Retry-After: it waits, then the re-issued challenge succeeds.
    const t0 = Date.now();
    const challenged = await withRetryAfter(() => client.challengeEmailOtp(user.credentialId));
    expect(Date.now() - t0).toBeGreaterThanOrEqual((limited.retryAfterSeconds! - 1) * 1000);
    const { enclaveQuorumPublic } = await client.getEnclaveKey();
    const key2 = generateP256KeyPair();
    const encryptedOtpBundle = await sealOtpBundle({
      otpCode: "000000",
      sessionPublicKeyHex: key2.publicKeyHex,
      targetBundle: challenged.otpEncryptionTargetBundle!,
      pinnedEnclavePublicHex: enclaveQuorumPublic,
    });
    const second = {
      key: key2,
      session: await signedRetry(
        (h) => client.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle }, h),
        stampSigner(key2.privateKeyHex),
      ),
    };
    expect(second.key.publicKeyHex).not.toBe(first.key.publicKeyHex);
    expect((await client.listSessions(user.accountId)).data.map((s) => s.id).sort()).toEqual(
      [first.session.id, second.session.id].sort(),
    );

    // Revoke the first session, signed by the second: 204.
    const result = await signedRetry(
      (h) => client.revokeSession(first.session.id, h),
      stampSigner(second.key.privateKeyHex),
    );
    expect(result).toBeUndefined();
    expect((await client.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([second.session.id]);
    await expectServiceError(client.revokeSession(first.session.id), 404, "SESSION_NOT_FOUND");
    // The revoked session's key can no longer sign, even an operation any active session may sign.
    const e = await signedRetry(
      (h) => client.revokeSession(second.session.id, h),
      stampSigner(first.key.privateKeyHex),
    ).catch((x) => x);
    expect(e).toBeInstanceOf(ServiceError);
    expect(e.body).toMatchObject({
      status: 401,
      code: "WALLET_SIGNATURE_INVALID",
      details: { reason: "SIGNER_NOT_ALLOWED" },
    });
    expect((await client.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([second.session.id]);
  }, 60_000);
});
