import type http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateP256KeyPair, makeStamp } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner, type AuthSession, type SignedRetryChallenge } from "@/lib/sdk";
import { newPlatform, type TestPlatform } from "../../support/api";
import { bare, openSession, sql } from "../../support/credentials";
import { startDroppingProxy, type DroppingProxy } from "../../support/dropping-proxy";
import { newWalletUser, reorderedStamp, sdkFor, signInWithEmailOtp } from "../../support/wallet";

/** protocol.md "Signed retry", step 10 (revised): the terminal result is stored and replayed to an identical re-send. */
describe("a signed retry whose terminal answer is lost", () => {
  let p: TestPlatform;
  let direct: ReturnType<typeof sdkFor>;
  let proxy: DroppingProxy;
  let viaProxy: ReturnType<typeof sdkFor>;

  beforeAll(async () => {
    p = await newPlatform();
    direct = sdkFor(p);
    // The first answer to every signed retry (a Request-Id seen with a stamp for the first time) is cut off.
    const seen = new Set<string>();
    proxy = await startDroppingProxy(inject("baseUrl"), (req: http.IncomingMessage) => {
      const id = req.headers["request-id"];
      if (typeof id !== "string" || !req.headers["service-wallet-signature"] || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    viaProxy = sdkFor(p, proxy.url);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it("10 session refreshes whose answer is cut off after the commit: the SDK re-sends and recovers every new key (0 lost)", async () => {
    const rounds = 10;
    let lost = 0;
    const droppedBefore = proxy.dropped();
    for (let i = 0; i < rounds; i++) {
      const user = await newWalletUser(p, direct);
      const { session, key } = await signInWithEmailOtp(direct, user.credentialId);
      const clientKey = generateP256KeyPair();
      let refreshed: AuthSession;
      try {
        refreshed = await signedRetry(
          (h) => viaProxy.refreshSession(session.id, clientKey.publicKeyHex, h),
          stampSigner(key.privateKeyHex),
        );
      } catch {
        lost++;
        continue;
      }
      // The old session is revoked; the one recovered from the replayed answer is the only one, and its key signs.
      expect((await direct.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([refreshed.id]);
      const { sessionPrivateKey } = await openSession(refreshed, clientKey);
      const nextKey = generateP256KeyPair().publicKeyHex;
      const next = await signedRetry(
        (h) => direct.refreshSession(refreshed.id, nextKey, h),
        stampSigner(sessionPrivateKey),
      );
      expect(next.id).not.toBe(refreshed.id);
    }
    console.log(
      `signed-retry lost responses: ${proxy.dropped() - droppedBefore} answers cut off, ${lost} of ${rounds} results lost`,
    );
    expect(proxy.dropped() - droppedBefore).toBe(rounds);
    expect(lost).toBe(0);
  });

  it("an identical re-send gets the stored answer until expiresAt; other stamp bytes, another body or a late re-send get 401 REQUEST_ID_REUSED", async () => {
    const user = await newWalletUser(p, direct);
    const { session, key } = await signInWithEmailOtp(direct, user.credentialId);
    const clientKey = generateP256KeyPair();
    const ch = (await direct.refreshSession(session.id, clientKey.publicKeyHex)).body as SignedRetryChallenge;
    const h = {
      "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex: key.privateKeyHex }),
      "Request-Id": ch.requestId,
    };
    const first = await direct.refreshSession(session.id, clientKey.publicKeyHex, h);
    expect(first.status).toBe(201);
    expect(first.headers.get("signed-request-replayed")).toBeNull();
    const again = await direct.refreshSession(session.id, clientKey.publicKeyHex, h);
    expect(again.status).toBe(201);
    expect(again.headers.get("signed-request-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // Stored sealed to the client's key: no private key at rest.
    const [row] = await sql(
      (q) => q`select response_status, response_body from signed_requests where id = ${bare(ch.requestId)}`,
    );
    expect(row.response_status).toBe(201);
    expect((row.response_body as AuthSession).encryptedSessionSigningKey).toBe(
      (first.body as AuthSession).encryptedSessionSigningKey,
    );

    const reason = (e: unknown) => (e instanceof ServiceError ? `${e.status}:${e.reason}` : String(e));
    const otherBytes = { ...h, "Service-Wallet-Signature": reorderedStamp(h["Service-Wallet-Signature"]) };
    expect(await direct.refreshSession(session.id, clientKey.publicKeyHex, otherBytes).catch(reason)).toBe(
      "401:REQUEST_ID_REUSED",
    );
    expect(await direct.refreshSession(session.id, generateP256KeyPair().publicKeyHex, h).catch(reason)).toBe(
      "401:REQUEST_ID_REUSED",
    );
    await sql(
      (q) => q`update signed_requests set expires_at = now() - interval '1 second' where id = ${bare(ch.requestId)}`,
    );
    expect(await direct.refreshSession(session.id, clientKey.publicKeyHex, h).catch(reason)).toBe(
      "401:REQUEST_ID_REUSED",
    );
    expect((await direct.listSessions(user.accountId)).data.map((s) => s.id)).toEqual([(first.body as AuthSession).id]);
  });
});
