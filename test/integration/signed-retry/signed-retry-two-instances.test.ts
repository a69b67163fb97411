import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateP256KeyPair, makeStamp } from "@/lib/shared/crypto/web";
import {
  type ServiceError,
  signedRetry,
  stampSigner,
  type RawResponse,
  type SignedHeaders,
  type SignedRetryChallenge,
} from "@/lib/sdk";
import { newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import type { RunningServer } from "../../support/server";
import { newWalletUser, otpBundle, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/** Two `next start` instances on one PostgreSQL database, sharing the key-encryption key. */
describe("signed retry across two server instances on one database", () => {
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
  afterAll(async () => {
    await b?.stop();
  });

  /** Fire the same signed retry `n` times at once, alternating instances; settle every answer. */
  async function storm<T>(
    n: number,
    send: (client: ReturnType<typeof sdkFor>, h: SignedHeaders) => Promise<RawResponse<T>>,
    h: SignedHeaders,
  ) {
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => send(i % 2 === 0 ? onA : onB, h)));
    const ok = results
      .filter((r): r is PromiseFulfilledResult<RawResponse<T>> => r.status === "fulfilled")
      .map((r) => r.value);
    const errors = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => r.reason as ServiceError);
    return { ok, errors };
  }

  /** Every answer is the one terminal result; all but the first are replays of the stored one. */
  function expectOneResultReplayed(ok: RawResponse<unknown>[], status: number) {
    expect(ok.map((r) => r.status)).toEqual(Array(ok.length).fill(status));
    for (const r of ok) expect(r.body).toEqual(ok[0].body);
    expect(ok.filter((r) => r.headers.get("signed-request-replayed") === null)).toHaveLength(1);
  }

  it("publishes one enclave key, and a challenge issued by one instance verifies on the other", async () => {
    expect((await onA.getEnclaveKey()).enclaveQuorumPublic).toBe((await onB.getEnclaveKey()).enclaveQuorumPublic);
    const user = await newWalletUser(p, onA);
    const { encryptedOtpBundle, key } = await otpBundle(onA, user.credentialId, "000000");
    const session = await signedRetry(
      (h) => onB.verifyCredential(user.credentialId, { type: "EMAIL_OTP", encryptedOtpBundle }, h),
      stampSigner(key.privateKeyHex),
    );
    expect(session).toMatchObject({ accountId: user.accountId, type: "EMAIL_OTP" });
    expect((await onA.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([session.id]);
  });

  it("20 identical EMAIL_OTP verify retries split across both instances: exactly one session, the same answer to all", async () => {
    const user = await newWalletUser(p, onA);
    const { encryptedOtpBundle, key } = await otpBundle(onB, user.credentialId, "000000");
    const body = { type: "EMAIL_OTP" as const, encryptedOtpBundle };
    const ch = (await onA.verifyCredential(user.credentialId, body)).body as SignedRetryChallenge;
    const h = {
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }),
      "Request-Id": ch.requestId,
    };
    const { ok, errors } = await storm(20, (c, hh) => c.verifyCredential(user.credentialId, body, hh), h);
    expect(errors).toEqual([]);
    expectOneResultReplayed(ok, 200);
    expect((await onB.listSessions(user.accountId)).data).toHaveLength(1);
  });

  it.each([1, 2, 3])(
    "20 identical refresh retries (round %i) split across both instances: exactly one new session, no second side effect, the same answer to all",
    async () => {
      const user = await newWalletUser(p, onA);
      const { session, key } = await signInWithEmailOtp(onB, user.credentialId);
      const clientKey = generateP256KeyPair();
      const ch = (await onB.refreshSession(session.id, clientKey.publicKeyHex)).body as SignedRetryChallenge;
      const h = {
        "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }),
        "Request-Id": ch.requestId,
      };
      const { ok, errors } = await storm(20, (c, hh) => c.refreshSession(session.id, clientKey.publicKeyHex, hh), h);
      expect(errors).toEqual([]);
      expectOneResultReplayed(ok, 201);
      const listed = (await onA.listSessions(user.accountId)).data;
      expect(listed.map((s) => s.id)).toEqual([(ok[0].body as { id: string }).id]);
    },
  );
});
