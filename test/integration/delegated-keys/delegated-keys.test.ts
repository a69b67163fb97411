/**
 * Delegated keys (Grid's /auth/delegated-keys): the three-leg signed-retry create, list/get/revoke, what an
 * ACTIVE key signs (card pulls from the card's EMBEDDED_WALLET funding account), and tenant isolation.
 */
import { describe, expect, it } from "vitest";
import { makeStamp } from "@/lib/shared/crypto/web";
import { type SignedHeaders, signedRetry, stampSigner } from "@/lib/sdk";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { fund } from "../../support/money";
import { sdkFor, signInWithEmailOtp } from "../../support/wallet";

const consent = {
  termsVersion: "V1",
  acceptedAt: new Date().toISOString(),
  acceptanceMethod: "CHECKBOX",
  ipAddress: "127.1.2.7",
};

/**
 * A customer with an EMBEDDED_WALLET (signed in by EMAIL_OTP), a card funded by that USDB wallet (a USD card), and
 * 100 USDB in it.
 */
async function walletCard(p: TestPlatform) {
  const { customer, account } = await newCustomer(p, { endUserTermsConsent: consent });
  const client = sdkFor(p);
  const creds = await client.listCredentials(account!.id);
  const otp = await signInWithEmailOtp(client, creds.data.find((c) => c.type === "EMAIL_OTP")!.id);
  await fund(p, account!.id, 100_000_000);
  const card = await call("POST", "/cards", {
    auth: p.auth,
    body: { cardholderId: customer.id, form: "VIRTUAL", fundingSources: [account!.id] },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  return { accountId: account!.id, cardId: card.body.id as string, sessionKey: otp.key.privateKeyHex };
}

function create(
  p: TestPlatform,
  body: Record<string, unknown>,
  signed?: { payload: string; requestId: string; key: string },
) {
  const headers = signed
    ? {
        "Service-Wallet-Signature": makeStamp({ payload: signed.payload, privateKeyHex: signed.key }),
        "Request-Id": signed.requestId,
      }
    : undefined;
  return call("POST", "/auth/delegated-keys", { auth: p.auth, body, headers });
}

/** All three legs; returns each answer. */
async function threeLegs(p: TestPlatform, body: Record<string, unknown>, key: string) {
  const first = await create(p, body);
  const second = await create(p, body, { payload: first.body.payloadToSign, requestId: first.body.requestId, key });
  const third = await create(p, body, { payload: second.body.payloadToSign, requestId: second.body.requestId, key });
  return { first, second, third };
}

const authorize = (p: TestPlatform, cardId: string, amount: number) =>
  call("POST", `/sandbox/cards/${cardId}/simulate/authorization`, {
    auth: p.auth,
    body: { amount, currency: { code: "USD" }, merchant: { descriptor: "CORNER SHOP", mcc: "5411", country: "US" } },
  });

async function latestCardTransaction(p: TestPlatform, cardId: string) {
  const r = await call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(cardId)}&limit=1`, { auth: p.auth });
  return r.body.data[0];
}

describe("delegated keys", () => {
  it("the SDK's one signed-retry loop walks the legs when told how many challenges to sign, and only then", async () => {
    const p = await newPlatform();
    const legs = (w: Awaited<ReturnType<typeof walletCard>>) => async (headers?: SignedHeaders) => {
      const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Card payments key" };
      const r = await call("POST", "/auth/delegated-keys", { auth: p.auth, body, headers: { ...headers } });
      return { status: r.status, body: r.body, headers: r.headers };
    };
    // One challenge is the default: the second leg's 202 is not a terminal answer, so the loop says so.
    const once = await walletCard(p);
    await expect(signedRetry(legs(once), stampSigner(once.sessionKey))).rejects.toThrow(/another 202/);
    const w = await walletCard(p);
    const key = await signedRetry(legs(w), stampSigner(w.sessionKey), { maxChallenges: 2 });
    expect(key).toMatchObject({ cardId: w.cardId, accountId: w.accountId, status: "ACTIVE" });
  });

  it("creates a key in three legs (202 CREATE_USERS, 202 CREATE_POLICIES, 201 ACTIVE), lists and gets it", async () => {
    const p = await newPlatform();
    const w = await walletCard(p);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "Card payments key" };
    const first = await create(p, body);
    expect(first.status).toBe(202);
    const leg1 = JSON.parse(first.body.payloadToSign);
    expect(leg1).toMatchObject({
      type: "ACTIVITY_TYPE_CREATE_USERS",
      parameters: { cardId: w.cardId, walletId: w.accountId, nickname: "Card payments key" },
    });
    expect(leg1.parameters.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    // Nothing exists before the first signature.
    expect((await call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: p.auth })).body.data).toEqual(
      [],
    );

    const second = await create(p, body, {
      payload: first.body.payloadToSign,
      requestId: first.body.requestId,
      key: w.sessionKey,
    });
    expect(second.status).toBe(202);
    expect(second.body.requestId).not.toBe(first.body.requestId);
    const leg2 = JSON.parse(second.body.payloadToSign);
    expect(leg2).toMatchObject({
      type: "ACTIVITY_TYPE_CREATE_POLICIES",
      parameters: { publicKey: leg1.parameters.publicKey, walletId: w.accountId },
    });
    const pending = (await call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: p.auth })).body;
    expect(pending.data).toHaveLength(1);
    expect(pending.data[0]).toMatchObject({
      status: "PENDING",
      publicKey: leg1.parameters.publicKey,
      cardId: w.cardId,
      accountId: w.accountId,
    });
    expect(pending.data[0].id).toBe(leg2.parameters.delegatedKeyId);

    // The second leg's retry with another body is refused; the identical one is the key, ACTIVE.
    const other = await create(
      p,
      { ...body, nickname: "x" },
      { payload: second.body.payloadToSign, requestId: second.body.requestId, key: w.sessionKey },
    );
    expect(other.status).toBe(401);
    const third = await create(p, body, {
      payload: second.body.payloadToSign,
      requestId: second.body.requestId,
      key: w.sessionKey,
    });
    expect(third.status).toBe(201);
    expect(third.body).toEqual({
      id: pending.data[0].id,
      cardId: w.cardId,
      fundingSourceId: expect.stringMatching(/^CardFundingSource:[0-9a-f-]{36}$/),
      accountId: w.accountId,
      publicKey: leg1.parameters.publicKey,
      nickname: "Card payments key",
      status: "ACTIVE",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(third.body)).not.toMatch(/private/i);
    expect((await call("GET", `/auth/delegated-keys/${third.body.id}`, { auth: p.auth })).body).toEqual(third.body);
    const byFunding = await call("GET", `/auth/delegated-keys?fundingSourceId=${third.body.fundingSourceId}`, {
      auth: p.auth,
    });
    expect(byFunding.body).toMatchObject({ data: [third.body], hasMore: false, totalCount: 1 });
    const both = await call(
      "GET",
      `/auth/delegated-keys?fundingSourceId=${third.body.fundingSourceId}&accountId=${w.accountId}`,
      { auth: p.auth },
    );
    expect(both.body.data).toEqual([third.body]);
    expect((await call("GET", "/auth/delegated-keys", { auth: p.auth })).status).toBe(400);

    // One ACTIVE key per card funding source: another create is 409 until the first is revoked.
    const again = await create(p, body);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
    expect((await call("DELETE", `/auth/delegated-keys/${third.body.id}`, { auth: p.auth })).status).toBe(204);
    const revoked = await call("GET", `/auth/delegated-keys/${third.body.id}`, { auth: p.auth });
    expect(revoked.body.status).toBe("REVOKED");
    const twice = await call("DELETE", `/auth/delegated-keys/${third.body.id}`, { auth: p.auth });
    expect(twice.status).toBe(400);
    const fresh = await threeLegs(p, body, w.sessionKey);
    expect(fresh.third.status).toBe(201);
    expect(fresh.third.body.publicKey).not.toBe(third.body.publicKey);
  });

  it("an ACTIVE key is what lets a card pull from its EMBEDDED_WALLET; a PENDING or REVOKED one is not", async () => {
    const p = await newPlatform();
    const w = await walletCard(p);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" };
    expect((await authorize(p, w.cardId, 1_000)).status).toBe(202);
    expect(await latestCardTransaction(p, w.cardId)).toMatchObject({
      status: "DECLINED",
      declineReason: "INSUFFICIENT_FUNDS",
    });

    // Stopped after the second leg: PENDING, still cannot sign.
    const first = await create(p, body);
    const second = await create(p, body, {
      payload: first.body.payloadToSign,
      requestId: first.body.requestId,
      key: w.sessionKey,
    });
    expect(second.status).toBe(202);
    await authorize(p, w.cardId, 1_000);
    expect((await latestCardTransaction(p, w.cardId)).status).toBe("DECLINED");

    // An abandoned PENDING key does not block another create.
    const { third } = await threeLegs(p, body, w.sessionKey);
    expect(third.status).toBe(201);
    await authorize(p, w.cardId, 1_000);
    expect(await latestCardTransaction(p, w.cardId)).toMatchObject({ status: "AUTHORIZED", accountId: w.accountId });

    await call("DELETE", `/auth/delegated-keys/${third.body.id}`, { auth: p.auth });
    await authorize(p, w.cardId, 1_000);
    expect(await latestCardTransaction(p, w.cardId)).toMatchObject({
      status: "DECLINED",
      declineReason: "INSUFFICIENT_FUNDS",
    });
    const list = await call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: p.auth });
    expect(list.body.data.map((k: { status: string }) => k.status).sort()).toEqual(["PENDING", "REVOKED"]);
  });

  it("refuses what is not a card's wallet funding source, and a signer that is not a session of that wallet", async () => {
    const p = await newPlatform();
    const w = await walletCard(p);
    const u = await walletCard(p);
    const notBound = await create(p, { cardId: w.cardId, internalAccountId: u.accountId, nickname: "k" });
    expect(notBound.status).toBe(404);
    expect((await create(p, { cardId: "Card:nope", internalAccountId: w.accountId, nickname: "k" })).body.code).toBe(
      "CARD_NOT_FOUND",
    );
    const bad = await create(p, { cardId: 7, internalAccountId: w.accountId, nickname: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["cardId", "nickname"]);
    const body = { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" };
    const first = await create(p, body);
    const foreign = await create(p, body, {
      payload: first.body.payloadToSign,
      requestId: first.body.requestId,
      key: u.sessionKey,
    });
    expect(foreign.status).toBe(401);
    expect(foreign.body.code).toBe("WALLET_SIGNATURE_INVALID");
  });

  it("isolates tenants: another platform sees, revokes and creates nothing of this one's", async () => {
    const p = await newPlatform();
    const w = await walletCard(p);
    const { third } = await threeLegs(
      p,
      { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" },
      w.sessionKey,
    );
    expect(third.status).toBe(201);
    const q = await newPlatform();
    expect((await call("GET", `/auth/delegated-keys/${third.body.id}`, { auth: q.auth })).status).toBe(404);
    expect((await call("DELETE", `/auth/delegated-keys/${third.body.id}`, { auth: q.auth })).status).toBe(404);
    expect((await call("GET", `/auth/delegated-keys?accountId=${w.accountId}`, { auth: q.auth })).body).toMatchObject({
      data: [],
      totalCount: 0,
    });
    expect(
      (await call("GET", `/auth/delegated-keys?fundingSourceId=${third.body.fundingSourceId}`, { auth: q.auth })).body
        .data,
    ).toEqual([]);
    expect((await create(q, { cardId: w.cardId, internalAccountId: w.accountId, nickname: "k" })).status).toBe(404);
    expect((await call("GET", `/auth/delegated-keys/${third.body.id}`, { auth: p.auth })).body.status).toBe("ACTIVE");
  });
});
