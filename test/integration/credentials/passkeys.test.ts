import { describe, expect, it } from "vitest";
import { generateP256KeyPair, makeStamp, utf8Encode } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import {
  bare,
  passkeyBody,
  registerPasskey,
  signInWithPasskey,
  softAuthenticator,
  sql,
} from "../../support/credentials";
import { registrationChallenge, type Faults } from "../../support/soft-authenticator";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/** A wallet user signed in with EMAIL_OTP, holding one registered passkey. */
async function passkeyUser(p?: TestPlatform) {
  p ??= await newPlatform();
  const client = sdkFor(p);
  const user = await newWalletUser(p, client);
  const otp = await signInWithEmailOtp(client, user.credentialId);
  const auth = softAuthenticator();
  const passkey = await registerPasskey(client, user.accountId, otp.key.privateKeyHex, auth, "Laptop");
  return { p, client, user, otp, auth, passkey };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; reason?: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code, reason: e.reason };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("PASSKEY credentials over HTTP", () => {
  it("registers two passkeys, signs in with each, and the recovered session keys sign later signed retries", async () => {
    const { client, user, auth, passkey: first } = await passkeyUser();
    expect(first).toMatchObject({ type: "PASSKEY", accountId: user.accountId, nickname: "Laptop" });
    expect(first.credentialId).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Sign in with the first passkey; its recovered key signs the registration of the second.
    const s1 = await signInWithPasskey(client, first, auth);
    expect(s1.session).toMatchObject({ type: "PASSKEY", accountId: user.accountId, nickname: "Laptop" });
    const phone = softAuthenticator();
    const second = await registerPasskey(client, user.accountId, s1.sessionPrivateKey, phone, "Phone");
    expect(second.credentialId).not.toBe(first.credentialId);

    // Sign in with the second; its key signs an export (another signed retry).
    const s2 = await signInWithPasskey(client, second, phone);
    expect(s2.session.id).not.toBe(s1.session.id);
    const exportKey = generateP256KeyPair();
    const exported = await signedRetry(
      (h) => client.exportWallet(user.accountId, exportKey.publicKeyUncompressedHex, h),
      stampSigner(s2.sessionPrivateKey),
    );
    expect(exported.id).toBe(user.accountId);

    const listed = await client.listCredentials(user.accountId);
    expect(listed.data.map((c) => c.type).sort()).toEqual(["EMAIL_OTP", "PASSKEY", "PASSKEY"]);
    const sessions = await client.listSessions(user.accountId);
    expect(sessions.data.map((s) => s.id)).toEqual(expect.arrayContaining([s1.session.id, s2.session.id]));
    expect(JSON.stringify(sessions.data)).not.toContain("encryptedSessionSigningKey");
  });

  it("the challenge is the lowercase hex SHA-256 of a payload binding the key, the credential and the Request-Id", async () => {
    const { client, passkey } = await passkeyUser();
    const key = generateP256KeyPair();
    const ch = await client.challengePasskey(passkey.id, key.publicKeyHex);
    expect(ch.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(ch.requestId).toMatch(/^Request:[0-9a-f-]{36}$/);
    // Grid's PasskeyAuthChallenge: the passkey's whole AuthMethod with the challenge.
    expect(ch).toEqual({
      id: passkey.id,
      accountId: passkey.accountId,
      type: "PASSKEY",
      nickname: "Laptop",
      credentialId: passkey.credentialId,
      createdAt: passkey.createdAt,
      updatedAt: expect.any(String),
      challenge: ch.challenge,
      requestId: ch.requestId,
      expiresAt: expect.any(String),
    });
    expect(passkey.credentialId).toMatch(/^[A-Za-z0-9_-]+$/);
    const [row] = await sql(
      (q) => q`select payload, challenge, client_public_key from passkey_challenges where id = ${bare(ch.requestId)}`,
    );
    const payload = JSON.parse(row.payload as string);
    expect(payload.parameters).toEqual({
      authMethodId: passkey.id,
      clientPublicKey: key.publicKeyHex,
      credentialId: passkey.credentialId,
    });
    expect(payload.requestId).toBe(ch.requestId);
    const { createHash } = await import("node:crypto");
    expect(
      createHash("sha256")
        .update(row.payload as string)
        .digest("hex"),
    ).toBe(ch.challenge);
    // A PASSKEY challenge without clientPublicKey is 400.
    expect(
      await refusal(client.request("POST", `/auth/credentials/${passkey.id}/challenge`, { body: {} })),
    ).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
    });
  });

  it("refuses at registration: a known credential id (400), a reused registration challenge, another origin, a short challenge", async () => {
    const { client, user, otp, auth } = await passkeyUser();
    const signer = stampSigner(otp.key.privateKeyHex);
    const challenge = registrationChallenge();
    const att = auth.create(challenge);
    await signedRetry((h) => client.addCredential(passkeyBody(user.accountId, att, challenge), h), signer);
    // The same credential again: refused at the first call, before any 202.
    const dup = await refusal(client.addCredential(passkeyBody(user.accountId, att, challenge)));
    expect(dup).toMatchObject({ status: 400, code: "PASSKEY_CREDENTIAL_ALREADY_EXISTS" });
    // Another credential made with the already-used registration challenge.
    const again = auth.create(challenge);
    expect(await refusal(client.addCredential(passkeyBody(user.accountId, again, challenge)))).toMatchObject({
      status: 401,
      reason: "ATTESTATION_CHALLENGE_REUSED",
    });
    const c2 = registrationChallenge();
    expect(
      await refusal(
        client.addCredential(passkeyBody(user.accountId, auth.create(c2, { origin: "https://evil.example" }), c2)),
      ),
    ).toMatchObject({
      status: 401,
      reason: "ATTESTATION_ORIGIN_MISMATCH",
    });
    const c3 = registrationChallenge();
    expect(
      await refusal(client.addCredential(passkeyBody(user.accountId, auth.create(c3, { rpId: "evil.example" }), c3))),
    ).toMatchObject({
      status: 401,
      reason: "ATTESTATION_RP_ID_MISMATCH",
    });
    const short = Buffer.alloc(8, 1).toString("base64url");
    expect(await refusal(client.addCredential(passkeyBody(user.accountId, auth.create(short), short)))).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
    });
  });

  it("two registrations of one credential racing through their signed retries: one 201, one 400", async () => {
    const { client, user, otp, auth } = await passkeyUser();
    const challenge = registrationChallenge();
    const body = passkeyBody(user.accountId, auth.create(challenge), challenge);
    const a = await client.addCredential(body);
    const b = await client.addCredential(body);
    const send = (c: typeof a) =>
      client
        .addCredential(body, {
          "Service-Wallet-Signature": makeStamp({
            payload: (c.body as any).payloadToSign,
            privateKeyHex: otp.key.privateKeyHex,
          }),
          "Request-Id": (c.body as any).requestId,
        })
        .then(
          (r) => r.status,
          (e: ServiceError) => `${e.status}:${e.code}`,
        );
    const results = (await Promise.all([send(a), send(b)])).map(String).sort();
    expect(results[0]).toBe("201");
    expect(["400:PASSKEY_CREDENTIAL_ALREADY_EXISTS", "401:UNAUTHORIZED"]).toContain(results[1]);
  });

  it("refuses every faulty assertion with 401 naming the check, and a replay", async () => {
    const { client, passkey, auth } = await passkeyUser();
    const attempt = async (
      faults: Faults,
      mutate?: (ch: { challenge: string; requestId: string }) => { challenge: Uint8Array; requestId?: string },
    ) => {
      const key = generateP256KeyPair();
      const ch = await client.challengePasskey(passkey.id, key.publicKeyHex);
      const m = mutate?.(ch) ?? { challenge: utf8Encode(ch.challenge) };
      const assertion = auth.get(passkey.credentialId!, m.challenge, faults);
      return refusal(
        client.verifyCredential(
          passkey.id,
          { type: "PASSKEY", assertion },
          { "Request-Id": m.requestId ?? ch.requestId },
        ),
      );
    };
    expect(await attempt({ origin: "https://evil.example" })).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      reason: "ASSERTION_ORIGIN_MISMATCH",
    });
    expect(await attempt({ rpId: "evil.example" })).toMatchObject({ status: 401, reason: "ASSERTION_RP_ID_MISMATCH" });
    expect(await attempt({ noUserPresence: true })).toMatchObject({
      status: 401,
      reason: "ASSERTION_USER_NOT_PRESENT",
    });
    expect(await attempt({ badSignature: true })).toMatchObject({ status: 401, reason: "ASSERTION_SIGNATURE_INVALID" });
    expect(await attempt({}, (ch) => ({ challenge: Buffer.from(ch.challenge, "hex") }))).toMatchObject({
      status: 401,
      reason: "ASSERTION_CHALLENGE_MISMATCH",
    });
    // A good sign-in moves the counter; an assertion not above it is refused.
    await signInWithPasskey(client, passkey, auth);
    expect(await attempt({ signCount: 1 })).toMatchObject({ status: 401, reason: "ASSERTION_COUNTER_INVALID" });
  });

  it("Request-Id: missing, unknown, another credential's, expired, and a replayed assertion", async () => {
    const { client, passkey, auth, user, otp } = await passkeyUser();
    const key = generateP256KeyPair();
    const ch = await client.challengePasskey(passkey.id, key.publicKeyHex);
    const assertion = auth.get(passkey.credentialId!, utf8Encode(ch.challenge));
    expect(await refusal(client.verifyCredential(passkey.id, { type: "PASSKEY", assertion }))).toMatchObject({
      status: 401,
      code: "REQUEST_ID_MISSING",
    });
    expect(
      await refusal(
        client.verifyCredential(
          passkey.id,
          { type: "PASSKEY", assertion },
          { "Request-Id": "Request:0193e4b0-0000-7000-8000-000000000000" },
        ),
      ),
    ).toMatchObject({ status: 401, reason: "REQUEST_ID_UNKNOWN" });
    // A challenge of another passkey of the account.
    const other = await registerPasskey(client, user.accountId, otp.key.privateKeyHex, auth, "Other");
    const otherCh = await client.challengePasskey(other.id, key.publicKeyHex);
    expect(
      await refusal(
        client.verifyCredential(passkey.id, { type: "PASSKEY", assertion }, { "Request-Id": otherCh.requestId }),
      ),
    ).toMatchObject({
      status: 401,
      reason: "REQUEST_ID_MISMATCH",
    });
    // The right one succeeds once; the identical request again is a replay.
    const ok = await client.verifyCredential(
      passkey.id,
      { type: "PASSKEY", assertion },
      { "Request-Id": ch.requestId },
    );
    expect(ok.status).toBe(200);
    expect(
      await refusal(
        client.verifyCredential(passkey.id, { type: "PASSKEY", assertion }, { "Request-Id": ch.requestId }),
      ),
    ).toMatchObject({
      status: 401,
      reason: "REQUEST_ID_REUSED",
    });
    // The same assertion under a fresh Request-Id: its clientDataJSON names the old challenge.
    const fresh = await client.challengePasskey(passkey.id, key.publicKeyHex);
    expect(
      await refusal(
        client.verifyCredential(passkey.id, { type: "PASSKEY", assertion }, { "Request-Id": fresh.requestId }),
      ),
    ).toMatchObject({
      status: 401,
      reason: "ASSERTION_CHALLENGE_MISMATCH",
    });
    // Expired: the challenge's lifetime has passed.
    const late = await client.challengePasskey(passkey.id, key.publicKeyHex);
    await sql(
      (q) =>
        q`update passkey_challenges set expires_at = now() - interval '1 second' where id = ${bare(late.requestId)}`,
    );
    const lateAssertion = auth.get(passkey.credentialId!, utf8Encode(late.challenge));
    expect(
      await refusal(
        client.verifyCredential(
          passkey.id,
          { type: "PASSKEY", assertion: lateAssertion },
          { "Request-Id": late.requestId },
        ),
      ),
    ).toMatchObject({
      status: 401,
      reason: "REQUEST_ID_EXPIRED",
    });
  });

  it("concurrent verifies of one assertion: exactly one session", async () => {
    const { client, passkey, auth, user } = await passkeyUser();
    const key = generateP256KeyPair();
    const ch = await client.challengePasskey(passkey.id, key.publicKeyHex);
    const assertion = auth.get(passkey.credentialId!, utf8Encode(ch.challenge));
    const before = (await client.listSessions(user.accountId)).data.length;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.verifyCredential(passkey.id, { type: "PASSKEY", assertion }, { "Request-Id": ch.requestId }).then(
          (r) => r.status,
          (e: ServiceError) => e.status,
        ),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(1);
    expect(results.filter((s) => s === 401)).toHaveLength(5);
    expect((await client.listSessions(user.accountId)).data.length).toBe(before + 1);
  });

  it("revocation: a passkey's own session cannot sign it; another credential's can; its sessions die with it; the last credential stays", async () => {
    const { client, user, otp, auth, passkey } = await passkeyUser();
    const own = await signInWithPasskey(client, passkey, auth);
    const refused = await refusal(
      signedRetry((h) => client.deleteCredential(passkey.id, h), stampSigner(own.sessionPrivateKey)),
    );
    expect(refused).toMatchObject({ status: 401, code: "WALLET_SIGNATURE_INVALID" });
    await signedRetry((h) => client.deleteCredential(passkey.id, h), stampSigner(otp.key.privateKeyHex));
    const sessions = (await client.listSessions(user.accountId)).data.map((s) => s.id);
    expect(sessions).not.toContain(own.session.id);
    expect(sessions).toContain(otp.session.id);
    // The revoked passkey's session key can no longer sign anything.
    const exportKey = generateP256KeyPair();
    expect(
      await refusal(
        signedRetry(
          (h) => client.exportWallet(user.accountId, exportKey.publicKeyUncompressedHex, h),
          stampSigner(own.sessionPrivateKey),
        ),
      ),
    ).toMatchObject({ status: 401, code: "WALLET_SIGNATURE_INVALID" });
    // And it cannot be used to sign in.
    expect(await refusal(client.challengePasskey(passkey.id, exportKey.publicKeyHex))).toMatchObject({
      status: 404,
      code: "CREDENTIAL_NOT_FOUND",
    });
    // EMAIL_OTP is now the only credential.
    expect(await refusal(client.deleteCredential(user.credentialId))).toMatchObject({
      status: 400,
      code: "INVALID_INPUT",
      reason: "LAST_CREDENTIAL",
    });
  });
});
