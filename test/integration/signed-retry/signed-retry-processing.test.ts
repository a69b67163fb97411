import { p256 } from "@noble/curves/nist.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  base64urlEncode,
  bytesToHex,
  generateP256KeyPair,
  hexToBytes,
  makeStamp,
  utf8Encode,
} from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner, type SignedRetryChallenge } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import { startServer, type RunningServer } from "../../support/server";
import { newWalletUser, otpBundle, sdkFor, signInWithEmailOtp } from "../../support/wallet";

const SETTLE_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A second valid signature by the same key over the same payload (randomized nonce). */
function otherStamp(payload: string, privateKeyHex: string): string {
  const sig = p256.sign(utf8Encode(payload), hexToBytes(privateKeyHex), { format: "der", extraEntropy: true });
  const publicKey = bytesToHex(p256.getPublicKey(hexToBytes(privateKeyHex), true));
  return base64urlEncode(
    utf8Encode(JSON.stringify({ publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature: bytesToHex(sig) })),
  );
}

describe("PROCESSING: the wallet provider settles after a delay", () => {
  let server: RunningServer;
  let p: TestPlatform;
  let client: ReturnType<typeof sdkFor>;

  beforeAll(async () => {
    server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      DEMO_PLATFORM: "off",
      KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
      WALLET_SETTLE_DELAY_MS: String(SETTLE_MS),
    });
    p = await newPlatform();
    client = sdkFor(p, server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers PROCESSING, then every identical re-send gets the one session (replayed); another signature is 409, then 401 once consumed", async () => {
    const user = await newWalletUser(p, client);
    const { encryptedOtpBundle, key } = await otpBundle(client, user.credentialId, "000000");
    const body = { type: "EMAIL_OTP" as const, encryptedOtpBundle };
    const ch = (await client.verifyCredential(user.credentialId, body)).body as SignedRetryChallenge;
    const h = {
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }),
      "Request-Id": ch.requestId,
    };

    const accepted = await client.verifyCredential(user.credentialId, body, h);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "PROCESSING", message: expect.any(String) });
    const again = await client.verifyCredential(user.credentialId, body, h);
    expect(again.body).toMatchObject({ status: "PROCESSING" });
    expect((await client.listSessions(user.accountId)).data).toEqual([]);

    // Once accepted, only the identical request may follow.
    const conflict = await client
      .verifyCredential(user.credentialId, body, {
        ...h,
        "Service-Wallet-Signature": otherStamp(ch.payloadToSign, key.privateKeyHex),
      })
      .catch((e) => e);
    expect(conflict).toBeInstanceOf(ServiceError);
    expect(conflict.body).toMatchObject({
      status: 409,
      code: "CONFLICT",
      details: { reason: "SIGNATURE_DIFFERS_FROM_ACCEPTED" },
    });

    await sleep(SETTLE_MS + 200);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => client.verifyCredential(user.credentialId, body, h)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(results[0].body).toMatchObject({
      id: expect.stringMatching(/^Session:/),
      accountId: user.accountId,
      type: "EMAIL_OTP",
    });
    for (const r of results) expect(r.body).toEqual(results[0].body);
    expect(results.filter((r) => r.headers.get("signed-request-replayed") === null)).toHaveLength(1);
    const later = await client.verifyCredential(user.credentialId, body, h);
    expect(later.headers.get("signed-request-replayed")).toBe("true");
    expect(later.body).toEqual(results[0].body);
    // Once consumed, the other signature is a reuse (no longer a conflict).
    const after = await client
      .verifyCredential(user.credentialId, body, {
        ...h,
        "Service-Wallet-Signature": otherStamp(ch.payloadToSign, key.privateKeyHex),
      })
      .catch((e) => e);
    expect(after.body).toMatchObject({ status: 401, details: { reason: "REQUEST_ID_REUSED" } });
    expect((await client.listSessions(user.accountId)).data).toHaveLength(1);
  });

  it("an accepted request whose signer's session is revoked before it settles ends with a terminal 401 SESSION_REVOKED", async () => {
    const user = await newWalletUser(p, client);
    const { session, key } = await signInWithEmailOtp(client, user.credentialId);
    const sign = (ch: SignedRetryChallenge) => ({
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }),
      "Request-Id": ch.requestId,
    });
    const exportKey = generateP256KeyPair().publicKeyUncompressedHex;
    const exportHeaders = sign((await client.exportWallet(user.accountId, exportKey)).body as SignedRetryChallenge);
    expect((await client.exportWallet(user.accountId, exportKey, exportHeaders)).body).toMatchObject({
      status: "PROCESSING",
    });
    // The same session is refreshed (so revoked) while the export is being settled.
    const nextKey = generateP256KeyPair().publicKeyHex;
    const refreshHeaders = sign((await client.refreshSession(session.id, nextKey)).body as SignedRetryChallenge);
    expect((await client.refreshSession(session.id, nextKey, refreshHeaders)).body).toMatchObject({
      status: "PROCESSING",
    });
    await sleep(SETTLE_MS + 200);
    expect((await client.refreshSession(session.id, nextKey, refreshHeaders)).status).toBe(201);

    const ended = await client.exportWallet(user.accountId, exportKey, exportHeaders).catch((e) => e);
    expect(ended).toBeInstanceOf(ServiceError);
    expect(ended.body).toMatchObject({ status: 401, code: "UNAUTHORIZED", details: { reason: "SESSION_REVOKED" } });
    // Terminal: the identical re-send gets the same answer again.
    const again = await client.exportWallet(user.accountId, exportKey, exportHeaders).catch((e) => e);
    expect(again.body).toEqual(ended.body);
  });

  it("the SDK's signedRetry re-sends through PROCESSING with backoff and returns the terminal result", async () => {
    const user = await newWalletUser(p, client);
    const started = Date.now();
    const { session, key } = await signInWithEmailOtp(client, user.credentialId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SETTLE_MS);
    let challenged = 0;
    const next = await signedRetry(
      (h) => client.refreshSession(session.id, generateP256KeyPair().publicKeyHex, h),
      stampSigner(key.privateKeyHex),
      {
        onChallenge: () => challenged++,
      },
    ).catch((e) => e);
    // A fresh key per call changes the body: the retry is refused as a body mismatch, never executed.
    expect(next).toBeInstanceOf(ServiceError);
    expect(next.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    const clientKey = generateP256KeyPair();
    const refreshed = await signedRetry(
      (h) => client.refreshSession(session.id, clientKey.publicKeyHex, h),
      stampSigner(key.privateKeyHex),
    );
    expect(refreshed).toMatchObject({
      id: expect.stringMatching(/^Session:/),
      encryptedSessionSigningKey: expect.any(String),
    });
    expect(challenged).toBe(1);
    expect((await client.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([refreshed.id]);
  });
});
