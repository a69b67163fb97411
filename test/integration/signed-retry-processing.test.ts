import { p256 } from "@noble/curves/nist.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { base64urlEncode, bytesToHex, generateP256KeyPair, hexToBytes, makeStamp, utf8Encode } from "@/lib/crypto";
import { ServiceError, signedRetry, stampSigner, type RawResponse, type SignedRetryChallenge } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../support/api";
import { startServer, type RunningServer } from "../support/server";
import { newWalletUser, otpBundle, sdkFor, signInWithEmailOtp } from "../support/wallet";

const SETTLE_MS = 1500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A second valid signature by the same key over the same payload (randomized nonce). */
function otherStamp(payload: string, privateKeyHex: string): string {
  const sig = p256.sign(utf8Encode(payload), hexToBytes(privateKeyHex), { format: "der", extraEntropy: true });
  const publicKey = bytesToHex(p256.getPublicKey(hexToBytes(privateKeyHex), true));
  return base64urlEncode(utf8Encode(JSON.stringify({ publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature: bytesToHex(sig) })));
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

  it("answers PROCESSING, then exactly one identical re-send gets the session; later re-sends are 401; another signature is 409", async () => {
    const user = await newWalletUser(p, client);
    const { encryptedOtpBundle, key } = await otpBundle(client, user.credentialId, "000000");
    const body = { type: "EMAIL_OTP" as const, encryptedOtpBundle };
    const ch = (await client.verifyCredential(user.credentialId, body)).body as SignedRetryChallenge;
    const h = { "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }), "Request-Id": ch.requestId };

    const accepted = await client.verifyCredential(user.credentialId, body, h);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "PROCESSING", message: expect.any(String) });
    const again = await client.verifyCredential(user.credentialId, body, h);
    expect(again.body).toMatchObject({ status: "PROCESSING" });
    expect((await client.listSessions(user.accountId)).data).toEqual([]);

    // Once accepted, only the identical request may follow.
    const conflict = await client
      .verifyCredential(user.credentialId, body, { ...h, "Service-Wallet-Signature": otherStamp(ch.payloadToSign, key.privateKeyHex) })
      .catch((e) => e);
    expect(conflict).toBeInstanceOf(ServiceError);
    expect(conflict.body).toMatchObject({ status: 409, code: "CONFLICT", details: { reason: "SIGNATURE_DIFFERS_FROM_ACCEPTED" } });

    await sleep(SETTLE_MS + 200);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => client.verifyCredential(user.credentialId, body, h)));
    const ok = results.filter((r) => r.status === "fulfilled").map((r) => (r as PromiseFulfilledResult<RawResponse<unknown>>).value);
    expect(ok).toHaveLength(1);
    expect(ok[0].body).toMatchObject({ id: expect.stringMatching(/^Session:/), accountId: user.accountId, type: "EMAIL_OTP" });
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason.body).toMatchObject({ status: 401, code: "UNAUTHORIZED", details: { reason: "REQUEST_ID_REUSED" } });
    }
    const after = await client.verifyCredential(user.credentialId, body, h).catch((e) => e);
    expect(after.body).toMatchObject({ status: 401, details: { reason: "REQUEST_ID_REUSED" } });
    expect((await client.listSessions(user.accountId)).data).toHaveLength(1);
  });

  it("the SDK's signedRetry re-sends through PROCESSING with backoff and returns the terminal result", async () => {
    const user = await newWalletUser(p, client);
    const started = Date.now();
    const { session, key } = await signInWithEmailOtp(client, user.credentialId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SETTLE_MS);
    let challenged = 0;
    const next = await signedRetry((h) => client.refreshSession(session.id, generateP256KeyPair().publicKeyHex, h), stampSigner(key.privateKeyHex), {
      onChallenge: () => challenged++,
    }).catch((e) => e);
    // A fresh key per call changes the body: the retry is refused as a body mismatch, never executed.
    expect(next).toBeInstanceOf(ServiceError);
    expect(next.code).toBe("WALLET_SIGNATURE_BODY_MISMATCH");
    const clientKey = generateP256KeyPair();
    const refreshed = await signedRetry((h) => client.refreshSession(session.id, clientKey.publicKeyHex, h), stampSigner(key.privateKeyHex));
    expect(refreshed).toMatchObject({ id: expect.stringMatching(/^Session:/), encryptedSessionSigningKey: expect.any(String) });
    expect(challenged).toBe(1);
    expect((await client.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([refreshed.id]);
  });
});
