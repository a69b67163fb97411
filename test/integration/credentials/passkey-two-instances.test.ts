import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateP256KeyPair, makeStamp, utf8Encode } from "@/lib/shared/crypto/web";
import type { ServiceError, SignedRetryChallenge } from "@/lib/sdk";
import { newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { registerPasskey, softAuthenticator } from "../../support/credentials";
import type { RunningServer } from "../../support/server";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/** Passkey challenges and the wallet export across two `next start` instances on one database. */
describe("passkeys and export across two server instances", () => {
  let b: RunningServer;
  let p: TestPlatform;
  let onA: ReturnType<typeof sdkFor>;
  let onB: ReturnType<typeof sdkFor>;

  beforeAll(async () => {
    b = await startPeerServer();
    p = await newPlatform();
    onA = sdkFor(p);
    onB = sdkFor(p, b.url);
  });
  afterAll(async () => b?.stop());

  it("a passkey challenge issued by one instance verifies on the other, once, whatever races", async () => {
    const user = await newWalletUser(p, onA);
    const otp = await signInWithEmailOtp(onA, user.credentialId);
    const auth = softAuthenticator();
    const passkey = await registerPasskey(onB, user.accountId, otp.key.privateKeyHex, auth);
    const key = generateP256KeyPair();
    const ch = await onA.challengePasskey(passkey.id, key.publicKeyHex);
    const assertion = auth.get(passkey.credentialId!, utf8Encode(ch.challenge));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? onA : onB)
          .verifyCredential(passkey.id, { type: "PASSKEY", assertion }, { "Request-Id": ch.requestId })
          .then(
            (r) => r.status,
            (e: ServiceError) => `${e.status}:${e.reason}`,
          ),
      ),
    );
    expect(results.filter((r) => r === 200)).toHaveLength(1);
    expect(results.filter((r) => r === "401:REQUEST_ID_REUSED")).toHaveLength(7);
  });

  it("20 identical export retries split across both instances: one export, the identical re-sends are sealed afresh (replayed)", async () => {
    const user = await newWalletUser(p, onA);
    const otp = await signInWithEmailOtp(onB, user.credentialId);
    const key = generateP256KeyPair();
    const ch = (await onA.exportWallet(user.accountId, key.publicKeyUncompressedHex)).body as SignedRetryChallenge;
    const h = {
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: otp.key.privateKeyHex }),
      "Request-Id": ch.requestId,
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? onA : onB).exportWallet(user.accountId, key.publicKeyUncompressedHex, h).then(
          (r) => `${r.status}:${r.headers.get("signed-request-replayed") ?? "first"}`,
          (e: ServiceError) => `${e.status}:${e.reason}`,
        ),
      ),
    );
    expect(results.filter((r) => r === "200:first")).toHaveLength(1);
    expect(results.filter((r) => r === "200:true")).toHaveLength(19);
  });
});
