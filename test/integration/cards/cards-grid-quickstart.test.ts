/**
 * Cards as Grid's own quickstart and sandbox page run them (Grid's cards quickstart.mdx and
 * sandbox-testing.mdx, under snippets/cards of the documentation in ../shared/reference/grid-api). A card funded by
 * the cardholder's USDB wallet is a USD card;
 * `{"amount":1250,"currency":{"code":"USD"}}` authorizes and pulls the wallet (1250 cents = 12.5 USDB), and clearing,
 * advice and return run on to their webhooks with the ledger balanced. `POST /cards/{id}/reveal` answers Grid's 200
 * on the platform credential alone, SCA-railed for a cardholder in an SCA region.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { makeStamp } from "@/lib/shared/crypto/web";
import { parseId } from "@/lib/shared/ids";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { balance, fund } from "../../support/money";
import { startReceiver, waitFor, type Receiver } from "../../support/webhook-receiver";
import { sdkFor, signInWithEmailOtp } from "../../support/wallet";

const receivers: Receiver[] = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
  await closeDb();
});

const consent = {
  termsVersion: "V1",
  acceptedAt: new Date().toISOString(),
  acceptanceMethod: "CHECKBOX",
  ipAddress: "127.1.2.7",
};
const merchant = { descriptor: "BLUE BOTTLE COFFEE SF", mcc: "5814", country: "US" };
const USDB_PER_CENT = 10_000; // USDB has 6 decimals, USD 2

/**
 * The cardholder's USDB EMBEDDED_WALLET, funded, a card on it, and the card's delegated key (what lets a card pull
 * from a wallet, Grid's /auth/delegated-keys) made in its three legs, stamped under Grid's header name.
 */
async function walletCard(p: TestPlatform, usdb: number, extra: Record<string, unknown> = {}) {
  const { customer, account: a } = await newCustomer(p, { endUserTermsConsent: consent, ...extra });
  const account = a!;
  const client = sdkFor(p);
  const creds = await client.listCredentials(account.id);
  const otp = await signInWithEmailOtp(client, creds.data.find((c) => c.type === "EMAIL_OTP")?.id ?? "");
  if (usdb) await fund(p, account.id, usdb);
  const issued = await call("POST", "/cards", {
    auth: p.auth,
    body: {
      cardholderId: customer.id,
      platformCardId: "card-test-happy",
      form: "VIRTUAL",
      fundingSources: [account.id],
    },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  const body = { cardId: issued.body.id, internalAccountId: account.id, nickname: "Card payments" };
  let leg = await call("POST", "/auth/delegated-keys", { auth: p.auth, body });
  for (let i = 0; i < 2; i++) {
    const headers = {
      "Grid-Wallet-Signature": makeStamp({ payload: leg.body.payloadToSign, privateKeyHex: otp.key.privateKeyHex }),
      "Request-Id": leg.body.requestId,
    };
    leg = await call("POST", "/auth/delegated-keys", { auth: p.auth, body, headers });
  }
  expect(leg.status, JSON.stringify(leg.body)).toBe(201);
  return { card: issued.body, accountId: account.id, customerId: customer.id };
}

const simulate = (p: TestPlatform, cardId: string, op: string, body: unknown) =>
  call("POST", `/sandbox/cards/${cardId}/simulate/${op}`, { auth: p.auth, body });

async function latest(p: TestPlatform, cardId: string) {
  const r = await call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(cardId)}&limit=1`, { auth: p.auth });
  return r.body.data[0];
}

describe("cards as Grid's quickstart runs them", () => {
  it("a USDB-wallet card is a USD card: authorization, over-auth clearing, advice, return and their webhooks", async () => {
    const rec = await startReceiver(() => 200);
    receivers.push(rec);
    const p = await newPlatform({ settings: { webhookUrl: rec.url } });
    const { card, accountId } = await walletCard(p, 50_000_000); // 50 USDB
    expect(card.currency).toBe("USD");
    expect((await call("GET", `/internal-accounts/${accountId}`, { auth: p.auth })).body.balance.currency.code).toBe(
      "USDB",
    );

    // Authorization, verbatim from the quickstart: approved, one pull on the wallet.
    const auth = await simulate(p, card.id, "authorization", { amount: 1250, currency: { code: "USD" }, merchant });
    expect(auth.status, JSON.stringify(auth.body)).toBe(202);
    const t = await latest(p, card.id);
    expect(t).toMatchObject({
      status: "AUTHORIZED",
      accountId,
      authorizedAmount: { amount: 1250, currency: { code: "USD" } },
      pullSummary: { count: 1, totalAmount: 1250 },
    });
    expect(await balance(p, accountId)).toBe(50_000_000 - 1250 * USDB_PER_CENT);
    // The card transacts in USD: the funding account's currency is not the card's.
    const usdb = await simulate(p, card.id, "authorization", { amount: 1, currency: { code: "USDB" }, merchant });
    expect(usdb.status).toBe(400);

    // Clearing for more than the hold (the tip): a post-hoc pull for the difference, SETTLED.
    expect((await simulate(p, card.id, "clearing", { cardTransactionId: t.id, amount: 1500 })).status).toBe(202);
    expect(await latest(p, card.id)).toMatchObject({
      id: t.id,
      status: "SETTLED",
      pullSummary: { count: 2, totalAmount: 1500 },
      settlementSummary: { totalAmount: 1500 },
    });
    expect(await balance(p, accountId)).toBe(50_000_000 - 1500 * USDB_PER_CENT);

    // A second authorization re-sized by an advice, then expired by a 0 clearing: the wallet gets the hold back.
    await simulate(p, card.id, "authorization", { amount: 1000, currency: { code: "USD" }, merchant });
    const second = await latest(p, card.id);
    expect(
      (await simulate(p, card.id, "authorization_advice", { cardTransactionId: second.id, amount: 1200 })).status,
    ).toBe(202);
    expect(await balance(p, accountId)).toBe(50_000_000 - 2700 * USDB_PER_CENT);
    await simulate(p, card.id, "clearing", { cardTransactionId: second.id, amount: 0 });
    expect(await balance(p, accountId)).toBe(50_000_000 - 1500 * USDB_PER_CENT);

    // The full return refunds the wallet and flips the parent to REFUNDED.
    expect((await simulate(p, card.id, "return", { cardTransactionId: t.id, amount: 1500 })).status).toBe(202);
    expect((await call("GET", `/transactions/${t.id}`, { auth: p.auth })).body).toMatchObject({
      status: "REFUNDED",
      refundedAmount: { amount: 1500, currency: { code: "USD" } },
    });
    expect(await balance(p, accountId)).toBe(50_000_000);

    process.env.DATABASE_URL = inject("databaseUrl");
    const { unbalanced, mismatched } = await checkLedger(await getDb(), parseId("Platform", p.id) ?? "");
    expect(unbalanced).toEqual([]);
    expect(mismatched).toEqual([]);

    // Every change of the two card transactions reached the webhook, each with the USD transaction.
    const expected = [
      [t.id, "AUTHORIZED"],
      [t.id, "SETTLED"],
      [second.id, "AUTHORIZED"],
      [second.id, "AUTHORIZED"],
      [second.id, "SETTLED"],
      [t.id, "REFUNDED"],
    ];
    const events = () => rec.received.filter((r) => r.type.startsWith("CARD_TRANSACTION."));
    await waitFor("the card transaction webhooks", () => events().length >= expected.length, 30_000);
    const got = events()
      .map((r) => JSON.parse(r.rawBody))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(got.map((e) => [e.data.id, e.data.status])).toEqual(expected);
    for (const e of got) expect(e.data.authorizedAmount.currency.code).toBe("USD");
  });

  it("reveal: 200 {panEmbedUrl, expiresAt} on the platform credential alone for a wallet-funded card", async () => {
    const p = await newPlatform();
    const { card } = await walletCard(p, 0);
    const r = await call("POST", `/cards/${card.id}/reveal`, { auth: p.auth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["expiresAt", "panEmbedUrl"]);
    expect(r.body.panEmbedUrl).toMatch(/\/api\/card-reveal\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(r.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("reveal is SCA-railed: a cardholder in an SCA region needs a live SCA session (409 SCA_SESSION_REQUIRED)", async () => {
    const p = await newPlatform();
    const { card, customerId } = await walletCard(p, 0, {
      phoneNumber: "+491701234567",
      address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" },
    });
    const refused = await call("POST", `/cards/${card.id}/reveal`, { auth: p.auth });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("SCA_SESSION_REQUIRED");

    const q = `?customerId=${encodeURIComponent(customerId)}`;
    await call("POST", `/customers/${customerId}/verify-phone`, { auth: p.auth });
    await call("POST", `/customers/${customerId}/verify-phone/confirm`, { auth: p.auth, body: { code: "123456" } });
    const start = await call("POST", `/sca/login/start${q}`, { auth: p.auth, body: { factor: "SMS_OTP" } });
    const done = await call("POST", `/sca/login/complete${q}`, {
      auth: p.auth,
      body: { factor: "SMS_OTP", challengeId: start.body.challengeId, code: "123456", endUserIpAddress: "127.1.2.7" },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const revealed = await call("POST", `/cards/${card.id}/reveal`, { auth: p.auth });
    expect(revealed.status).toBe(200);
    expect(revealed.body.panEmbedUrl).toEqual(expect.any(String));
  });
});
