/**
 * The wallet's own reveal of a card its EMBEDDED_WALLET funds runs under
 * the wallet's signature (`walletSigned`: the signed retry of protocol.md, the one mechanism of lib/server/signed-retry), and
 * its details open only with the client key. On the platform credential alone every card answers Grid's 200 at once,
 * SCA-railed (a cardholder in an SCA region needs a live SCA session).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { parseId } from "@/lib/shared/ids";
import { generateP256KeyPair, makeStamp, openExportBundle } from "@/lib/shared/crypto/web";
import { ServiceError, signedRetry, stampSigner, type ServiceClient } from "@/lib/sdk";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { cardholder } from "../../support/money";
import { startServer, type RunningServer } from "../../support/server";
import { newWalletUser, reorderedStamp, sdkFor, signInWithEmailOtp, type WalletUser } from "../../support/wallet";

afterAll(() => closeDb());

/** The wallet's own reveal (our addition): asked for under the wallet's signature. */
const WALLET = { walletSigned: true };

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; reason?: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ServiceError) return { status: e.status, code: e.code, reason: e.reason };
    throw e;
  }
  throw new Error("expected a refusal");
}

/** A cardholder in Germany, where SCA is mandated (lib/server/customers/sca-region.ts), with a phone for SMS_OTP. */
const GERMAN = {
  phoneNumber: "+491701234567",
  address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" },
};

/** A customer with an EMBEDDED_WALLET account created with `extra`, as newWalletUser makes one. */
async function walletUserWith(
  p: TestPlatform,
  client: ServiceClient,
  extra: Record<string, unknown>,
): Promise<WalletUser> {
  const { customer, account, email } = await newCustomer(p, extra);
  if (!account) throw new Error("no EMBEDDED_WALLET account was provisioned");
  const otp = (await client.listCredentials(account.id)).data.find((c) => c.type === "EMAIL_OTP");
  if (!otp) throw new Error("no EMAIL_OTP credential was provisioned");
  return { accountId: account.id, credentialId: otp.id, email, customerId: customer.id };
}

/** A signed-in wallet user holding a card funded by their EMBEDDED_WALLET. */
async function walletCardholder(p: TestPlatform, client: ServiceClient, extra?: Record<string, unknown>) {
  const user = extra ? await walletUserWith(p, client, extra) : await newWalletUser(p, client);
  const { key } = await signInWithEmailOtp(client, user.credentialId);
  const r = await call("POST", "/cards", {
    auth: p.auth,
    body: { cardholderId: user.customerId, form: "VIRTUAL", fundingSources: [user.accountId] },
  });
  expect(r.status).toBe(201);
  return { user, key, card: r.body as { id: string; last4: string } };
}

async function openSealed(p: TestPlatform, client: ServiceClient, panEmbedUrl: string) {
  const { enclaveQuorumPublic } = await client.getEnclaveKey();
  const key = generateP256KeyPair();
  const res = await fetch(`${panEmbedUrl}?clientPublicKey=${key.publicKeyHex}`);
  expect(res.status).toBe(200);
  const { encryptedCardDetails } = (await res.json()) as { encryptedCardDetails: string };
  const open = (privateKeyHex: string) =>
    openExportBundle({
      bundle: encryptedCardDetails,
      privateKeyHex,
      pinnedEnclavePublicHex: enclaveQuorumPublic,
      organizationId: p.id,
    });
  return { open, key };
}

describe("card reveal under a wallet signature", () => {
  it("wallet-funded card: 202 challenge, refusals as for every signed retry, the signed retry's URL seals details to the client key only", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { user, key, card } = await walletCardholder(p, client);
    const other = await walletCardholder(p, client);

    const first = await client.revealCard(card.id, undefined, WALLET);
    expect(first.status).toBe(202);
    const challenge = first.body as unknown as {
      type?: string;
      payloadToSign: string;
      requestId: string;
      expiresAt: string;
    };
    expect(challenge.type).toBeUndefined();
    expect(JSON.parse(challenge.payloadToSign)).toMatchObject({
      type: "ACTIVITY_TYPE_REVEAL_CARD",
      organizationId: p.id,
      requestId: challenge.requestId,
      parameters: { cardId: card.id, walletId: user.accountId },
    });
    expect(JSON.stringify(challenge)).not.toContain("panEmbedUrl");

    const stamp = (privateKeyHex: string) => makeStamp({ payload: challenge.payloadToSign, privateKeyHex });
    // Unsigned retries and other sessions' signatures are refused (and leave the Request-Id usable).
    expect(
      await refusal(client.revealCard(card.id, { "Request-Id": challenge.requestId } as never, WALLET)),
    ).toMatchObject({
      status: 401,
      code: "WALLET_SIGNATURE_MISSING",
    });
    expect(
      await refusal(
        client.revealCard(card.id, { "Service-Wallet-Signature": stamp(key.privateKeyHex) } as never, WALLET),
      ),
    ).toMatchObject({ status: 401, code: "REQUEST_ID_MISSING" });
    const otherSession = {
      "Service-Wallet-Signature": stamp(other.key.privateKeyHex),
      "Request-Id": challenge.requestId,
    };
    expect(await refusal(client.revealCard(card.id, otherSession, WALLET))).toMatchObject({
      status: 401,
      code: "WALLET_SIGNATURE_INVALID",
      reason: "SIGNER_NOT_ALLOWED",
    });
    const stranger = generateP256KeyPair();
    expect(
      await refusal(
        client.revealCard(
          card.id,
          {
            "Service-Wallet-Signature": stamp(stranger.privateKeyHex),
            "Request-Id": challenge.requestId,
          },
          WALLET,
        ),
      ),
    ).toMatchObject({
      status: 401,
      code: "WALLET_SIGNATURE_INVALID",
    });
    // A Request-Id issued for another card's reveal does not reveal this one.
    expect(
      await refusal(
        client.revealCard(
          other.card.id,
          {
            "Service-Wallet-Signature": stamp(key.privateKeyHex),
            "Request-Id": challenge.requestId,
          },
          WALLET,
        ),
      ),
    ).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      reason: "REQUEST_ID_MISMATCH",
    });

    const headers = { "Service-Wallet-Signature": stamp(key.privateKeyHex), "Request-Id": challenge.requestId };
    const signed = await client.revealCard(card.id, headers, WALLET);
    expect(signed.status).toBe(200);
    const { panEmbedUrl, expiresAt } = signed.body as { panEmbedUrl: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const sealed = await openSealed(p, client, panEmbedUrl);
    await expect(sealed.open(generateP256KeyPair().privateKeyHex)).rejects.toThrow();
    const details = JSON.parse(await sealed.open(sealed.key.privateKeyHex)) as { pan: string; cvv: string };
    expect(details.pan.slice(-4)).toBe(card.last4);
    expect(details.cvv).toMatch(/^\d{3}$/);

    // The URL is a bearer secret and is not stored: an identical re-send mints a fresh single-use URL.
    const again = await client.revealCard(card.id, headers, WALLET);
    expect(again.status).toBe(200);
    expect(again.headers.get("signed-request-replayed")).toBe("true");
    expect((again.body as { panEmbedUrl: string }).panEmbedUrl).not.toBe(panEmbedUrl);
    // Anything else naming the consumed request is a reuse (here the same signature in other stamp bytes).
    const reencoded = {
      "Service-Wallet-Signature": reorderedStamp(headers["Service-Wallet-Signature"]),
      "Request-Id": challenge.requestId,
    };
    expect(await refusal(client.revealCard(card.id, reencoded, WALLET))).toMatchObject({
      status: 401,
      reason: "REQUEST_ID_REUSED",
    });
  });

  it("the SDK's signed-retry loop reveals a wallet-funded card; a closed card is refused before any challenge", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { key, card } = await walletCardholder(p, client);
    const { panEmbedUrl } = await signedRetry(
      (h) => client.revealCard(card.id, h, WALLET),
      stampSigner(key.privateKeyHex),
    );
    const sealed = await openSealed(p, client, panEmbedUrl);
    expect(JSON.parse(await sealed.open(sealed.key.privateKeyHex)).pan.slice(-4)).toBe(card.last4);
    expect((await call("PATCH", `/cards/${card.id}`, { auth: p.auth, body: { state: "CLOSED" } })).status).toBe(200);
    expect(await refusal(client.revealCard(card.id, undefined, WALLET))).toMatchObject({
      status: 409,
      code: "CARD_NOT_MUTABLE",
    });
    expect(await refusal(client.revealCard(card.id))).toMatchObject({ status: 409, code: "CARD_NOT_MUTABLE" });
  });

  it("a card funded only by non-wallet accounts answers the reveal URL at once, without a signature", async () => {
    const p = await newPlatform();
    const c = await cardholder(p, ["USD"]);
    const issued = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: c.customer.id, form: "VIRTUAL", fundingSources: [c.accounts.USD] },
    });
    expect(issued.status).toBe(201);
    const r = await call("POST", `/cards/${issued.body.id}/reveal`, { auth: p.auth });
    expect(r.status).toBe(200);
    expect(r.body.panEmbedUrl).toMatch(/\/api\/card-reveal\/[A-Za-z0-9_-]{43}$/);
    const client = sdkFor(p);
    const sealed = await openSealed(p, client, r.body.panEmbedUrl);
    expect(JSON.parse(await sealed.open(sealed.key.privateKeyHex)).pan.slice(-4)).toBe(issued.body.last4);
  });
});

describe("card reveal of a cardholder where SCA is mandated", () => {
  /** The cardholder's phone verified (sandbox code), as SMS_OTP login needs. */
  async function verifyPhone(p: TestPlatform, customerId: string) {
    expect((await call("POST", `/customers/${customerId}/verify-phone`, { auth: p.auth })).status).toBe(204);
    const confirm = await call("POST", `/customers/${customerId}/verify-phone/confirm`, {
      auth: p.auth,
      body: { code: "123456" },
    });
    expect(confirm.status).toBe(200);
  }

  /** A new SCA session of the cardholder (SMS_OTP, sandbox code). */
  async function scaLogin(p: TestPlatform, customerId: string) {
    const q = `?customerId=${encodeURIComponent(customerId)}`;
    const start = await call("POST", `/sca/login/start${q}`, { auth: p.auth, body: { factor: "SMS_OTP" } });
    const done = await call("POST", `/sca/login/complete${q}`, {
      auth: p.auth,
      body: { factor: "SMS_OTP", challengeId: start.body.challengeId, code: "123456", endUserIpAddress: "127.1.2.3" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  }

  /**
   * The SCA session's expiry moved (SQL, as time would move it): `ended` into the past, else back to a live session
   * (a second login within the SMS code's re-send interval would be refused).
   */
  async function moveScaSession(customerId: string, ended: boolean) {
    process.env.DATABASE_URL = inject("databaseUrl");
    const at = ended ? sql`now() - interval '1 second'` : sql`now() + interval '10 minutes'`;
    await execRows(
      await getDb(),
      sql`update sca_states set session_expires_at = ${at} where customer_id = ${parseId("Customer", customerId)!}`,
    );
  }

  it("a wallet-signed reveal needs a live SCA session too: refused before the challenge, at the signed retry and at an identical re-send", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const { user, key, card } = await walletCardholder(p, client, GERMAN);
    const scaRequired = { status: 409, code: "SCA_SESSION_REQUIRED" };
    expect(await refusal(client.revealCard(card.id))).toMatchObject(scaRequired);
    // The wallet's signature is no strong authentication of the customer: no challenge without an SCA session.
    expect(await refusal(client.revealCard(card.id, undefined, WALLET))).toMatchObject(scaRequired);
    expect(
      await refusal(signedRetry((h) => client.revealCard(card.id, h, WALLET), stampSigner(key.privateKeyHex))),
    ).toMatchObject(scaRequired);

    await verifyPhone(p, user.customerId);
    await scaLogin(p, user.customerId);
    const signIn = async () => {
      const first = await client.revealCard(card.id, undefined, WALLET);
      expect(first.status).toBe(202);
      const challenge = first.body as unknown as { payloadToSign: string; requestId: string };
      return {
        "Service-Wallet-Signature": makeStamp({ payload: challenge.payloadToSign, privateKeyHex: key.privateKeyHex }),
        "Request-Id": challenge.requestId,
      };
    };
    // The session ends between the challenge and the signed retry: the retry is refused.
    const late = await signIn();
    await moveScaSession(user.customerId, true);
    expect(await refusal(client.revealCard(card.id, late, WALLET))).toMatchObject(scaRequired);

    // With a live session the signed reveal answers its URL; once the session has ended, an identical re-send (which
    // would mint a fresh URL) is refused.
    await moveScaSession(user.customerId, false);
    const headers = await signIn();
    const signed = await client.revealCard(card.id, headers, WALLET);
    expect(signed.status).toBe(200);
    expect((signed.body as { panEmbedUrl: string }).panEmbedUrl).toMatch(/\/api\/card-reveal\/[A-Za-z0-9_-]{43}$/);
    await moveScaSession(user.customerId, true);
    expect(await refusal(client.revealCard(card.id, headers, WALLET))).toMatchObject(scaRequired);
    expect(await refusal(client.revealCard(card.id))).toMatchObject(scaRequired);
  });
});

describe("signed card reveal while the wallet provider settles after a delay", () => {
  const SETTLE_MS = 1000;
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      DATABASE_URL: inject("databaseUrl"),
      DEMO_PLATFORM: "off",
      KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
      WALLET_SETTLE_DELAY_MS: String(SETTLE_MS),
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers PROCESSING to the signed retry, then the reveal URL to the identical re-send once settled", async () => {
    const p = await newPlatform();
    const { key, card } = await walletCardholder(p, sdkFor(p));
    const delayed = sdkFor(p, server.url);
    const challenge = (await delayed.revealCard(card.id, undefined, WALLET)).body as unknown as {
      payloadToSign: string;
      requestId: string;
    };
    const headers = {
      "Service-Wallet-Signature": makeStamp({ payload: challenge.payloadToSign, privateKeyHex: key.privateKeyHex }),
      "Request-Id": challenge.requestId,
    };
    const accepted = await delayed.revealCard(card.id, headers, WALLET);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "PROCESSING" });
    await new Promise((r) => setTimeout(r, SETTLE_MS + 200));
    const settled = await delayed.revealCard(card.id, headers, WALLET);
    expect(settled.status).toBe(200);
    const { panEmbedUrl } = settled.body as { panEmbedUrl: string };
    const sealed = await openSealed(p, delayed, panEmbedUrl);
    expect(JSON.parse(await sealed.open(sealed.key.privateKeyHex)).pan.slice(-4)).toBe(card.last4);
  });
});
