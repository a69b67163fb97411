/**
 * Grid's optional POST /quotes fields and error statuses, on PostgreSQL through the HTTP API:
 * `senderCustomerInfo` (payer data a receiver asked for through requiredPayerDataFields; 400
 * MISSING_MANDATORY_USER_INFO naming what is missing; stored with the quote), `scaFactor` (the preferred factor
 * of the SCA challenge when the quote is executed; TOTP → 400), 412 UNSUPPORTED_UMA_VERSION and 424
 * LNURLP_REQUEST_FAILED from the UMA counterparty.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { fund, quoteBody, usdExternal } from "../../support/money";

const CONSENT = {
  termsVersion: "V1",
  acceptedAt: new Date().toISOString(),
  acceptanceMethod: "CHECKBOX",
  ipAddress: "127.1.2.7",
};
const post = (p: TestPlatform, path: string, body?: unknown) => call("POST", path, { auth: p.auth, body });
const SUCCESS_USD = "$success.usd@sandbox.uma.money";
const STRICT = "$strict.payer.usd@sandbox.uma.money";

async function customer(p: TestPlatform, fields: Record<string, unknown>) {
  const r = await post(p, "/customers", {
    customerType: "INDIVIDUAL",
    currencies: ["USD"],
    endUserTermsConsent: CONSENT,
    ...fields,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const accts = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(r.body.id)}`, {
    auth: p.auth,
  });
  const usd = accts.body.data.find((a: any) => a.balance.currency.code === "USD" && a.type !== "EMBEDDED_WALLET")
    .id as string;
  await fund(p, usd, 100_000);
  return { id: r.body.id as string, usd };
}

function umaQuote(p: TestPlatform, src: string, umaAddress: string, extra: Record<string, unknown> = {}) {
  return post(p, "/quotes", {
    source: { sourceType: "ACCOUNT", accountId: src },
    destination: { destinationType: "UMA_ADDRESS", umaAddress },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 1_000,
    ...extra,
  });
}

async function storedQuote(quoteId: string) {
  const rows = await sql((q) => q`select sender_customer_info, sca_factor from quotes where id = ${bare(quoteId)}`);
  return rows[0] as { sender_customer_info: Record<string, unknown> | null; sca_factor: string | null };
}

describe("POST /quotes senderCustomerInfo", () => {
  it("a mandatory payer field the customer's record lacks → 400 MISSING_MANDATORY_USER_INFO naming it; sent → 201, stored with the quote", async () => {
    const p = await newPlatform();
    const c = await customer(p, { fullName: "Jane Sender" });
    const lookup = await call(
      "GET",
      `/receiver/uma/${encodeURIComponent(STRICT)}?customerId=${encodeURIComponent(c.id)}`,
      { auth: p.auth },
    );
    expect(lookup.body.requiredPayerDataFields).toContainEqual({ name: "BIRTH_DATE", mandatory: true });
    for (const extra of [
      { lookupId: lookup.body.lookupId },
      {},
      { senderCustomerInfo: { BIRTH_DATE: "  ", FULL_NAME: "Other Name" } },
    ]) {
      const missing = await umaQuote(p, c.usd, STRICT, extra);
      expect(missing.status, JSON.stringify(missing.body)).toBe(400);
      expect(missing.body.code).toBe("MISSING_MANDATORY_USER_INFO");
      expect(missing.body.details.missingFields).toEqual(["BIRTH_DATE", "NATIONALITY"]);
      expect(missing.body.details.errors.map((e: any) => e.field)).toEqual([
        "senderCustomerInfo.BIRTH_DATE",
        "senderCustomerInfo.NATIONALITY",
      ]);
    }
    const info = { BIRTH_DATE: "1985-06-15", NATIONALITY: "FR" };
    const ok = await umaQuote(p, c.usd, STRICT, {
      lookupId: lookup.body.lookupId,
      senderCustomerInfo: info,
      immediatelyExecute: true,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await call("GET", `/transactions/${ok.body.transactionId}`, { auth: p.auth })).body.status).toBe(
      "COMPLETED",
    );
    expect((await storedQuote(ok.body.id)).sender_customer_info).toEqual(info);
  });

  it("the customer's own record answers what it holds (FULL_NAME, BIRTH_DATE, NATIONALITY); receivers asking only that need no senderCustomerInfo", async () => {
    const p = await newPlatform();
    const full = await customer(p, { fullName: "Full Record", birthDate: "1990-01-02", nationality: "DE" });
    const q = await umaQuote(p, full.usd, STRICT);
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect((await storedQuote(q.body.id)).sender_customer_info).toBeNull();
    const partial = await customer(p, { fullName: "Partial Record", birthDate: "1990-01-02" });
    const r = await umaQuote(p, partial.usd, STRICT);
    expect(r.body.details.missingFields).toEqual(["NATIONALITY"]);
    expect((await umaQuote(p, partial.usd, STRICT, { senderCustomerInfo: { NATIONALITY: "DE" } })).status).toBe(201);
    expect((await umaQuote(p, partial.usd, SUCCESS_USD)).status).toBe(201);
  });

  it("must be an object of at most 32 fields", async () => {
    const p = await newPlatform();
    const c = await customer(p, { fullName: "Named Sender" });
    for (const bad of ["FULL_NAME=x", Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`F${i}`, "x"]))]) {
      const r = await umaQuote(p, c.usd, SUCCESS_USD, { senderCustomerInfo: bad });
      expect(r.status).toBe(400);
      expect(r.body.details.errors[0].field).toMatch(/^senderCustomerInfo/);
    }
  });
});

describe("POST /quotes scaFactor", () => {
  async function euCustomer(p: TestPlatform) {
    const c = await customer(p, {
      fullName: "Eva Euro",
      phoneNumber: "+491701234567",
      address: { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" },
    });
    await post(p, `/customers/${c.id}/verify-phone`);
    expect((await post(p, `/customers/${c.id}/verify-phone/confirm`, { code: "123456" })).status).toBe(200);
    const start = await post(p, `/sca/login/start?customerId=${encodeURIComponent(c.id)}`, { factor: "SMS_OTP" });
    const done = await post(p, `/sca/login/complete?customerId=${encodeURIComponent(c.id)}`, {
      factor: "SMS_OTP",
      challengeId: start.body.challengeId,
      code: "123456",
      endUserIpAddress: "127.1.2.7",
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    return c;
  }

  it("TOTP → 400 naming scaFactor before anything is written; SMS_OTP is the default; PASSKEY is honoured (not enrolled → 400 scaFactor)", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    const ext = await usdExternal(p, c.id);
    const totp = await post(
      p,
      "/quotes",
      quoteBody(c.usd, ext, 1_000, { scaFactor: "TOTP", immediatelyExecute: true }),
    );
    expect(totp.status).toBe(400);
    expect(totp.body.details.errors[0].field).toBe("scaFactor");
    const passkey = await post(
      p,
      "/quotes",
      quoteBody(c.usd, ext, 1_000, { scaFactor: "PASSKEY", immediatelyExecute: true }),
    );
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(400);
    expect(passkey.body.details.errors[0].field).toBe("scaFactor");
    expect(passkey.body.details.availableFactors).toEqual(["SMS_OTP"]);
    expect(await sql((q) => q`select count(*)::int as n from quotes where platform_id = ${bare(p.id)}`)).toEqual([
      { n: 0 },
    ]);
    const sms = await post(
      p,
      "/quotes",
      quoteBody(c.usd, ext, 1_000, { scaFactor: "SMS_OTP", immediatelyExecute: true }),
    );
    expect(sms.status, JSON.stringify(sms.body)).toBe(202);
    expect(sms.body).toMatchObject({ status: "PENDING_AUTHORIZATION", scaChallenge: { factor: "SMS_OTP" } });
  });

  it("a quote created with scaFactor keeps it for POST /quotes/{id}/execute without one; the execute body's own factor wins", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    const ext = await usdExternal(p, c.id);
    const q = await post(p, "/quotes", quoteBody(c.usd, ext, 1_000, { scaFactor: "PASSKEY" }));
    expect(q.status).toBe(201);
    expect((await storedQuote(q.body.id)).sca_factor).toBe("PASSKEY");
    const ex = await post(p, `/quotes/${q.body.id}/execute`);
    expect(ex.status).toBe(400);
    expect(ex.body.details.errors[0].field).toBe("scaFactor");
    const own = await post(p, `/quotes/${q.body.id}/execute`, { scaFactor: "SMS_OTP" });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.scaChallenge.factor).toBe("SMS_OTP");
  });

  it("is ignored for customers outside the SCA regions", async () => {
    const p = await newPlatform();
    const c = await customer(p, { fullName: "Sam States" });
    const ext = await usdExternal(p, c.id);
    const r = await post(
      p,
      "/quotes",
      quoteBody(c.usd, ext, 1_000, { scaFactor: "PASSKEY", immediatelyExecute: true }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});

describe("POST /quotes 412 and 424 from the UMA counterparty", () => {
  it("412 UNSUPPORTED_UMA_VERSION and 424 LNURLP_REQUEST_FAILED (sandbox addresses; a production platform's UMA destination); documented", async () => {
    const p = await newPlatform();
    const c = await customer(p, { fullName: "Named Sender" });
    const v = await umaQuote(p, c.usd, "$fail.uma.version@sandbox.uma.money");
    expect(v).toMatchObject({ status: 412, body: { status: 412, code: "UNSUPPORTED_UMA_VERSION" } });
    const lookup = await call("GET", `/receiver/uma/${encodeURIComponent("$fail.uma.version@sandbox.uma.money")}`, {
      auth: p.auth,
    });
    expect(lookup.status).toBe(412);
    const down = await umaQuote(p, c.usd, "$fail.lnurlp@sandbox.uma.money");
    expect(down).toMatchObject({ status: 424, body: { status: 424, code: "LNURLP_REQUEST_FAILED" } });
    const prod = await newPlatform({ environment: "PRODUCTION" });
    const pc = await post(prod, "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Prod Sender",
      currencies: ["USD"],
      endUserTermsConsent: CONSENT,
    });
    const accts = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(pc.body.id)}`, {
      auth: prod.auth,
    });
    const src = accts.body.data.find((a: any) => a.balance.currency.code === "USD" && a.type !== "EMBEDDED_WALLET").id;
    const r = await umaQuote(prod, src, SUCCESS_USD);
    expect(r).toMatchObject({ status: 424, body: { code: "LNURLP_REQUEST_FAILED" } });
    const doc = await call("GET", "/openapi.json", { auth: p.auth });
    expect(Object.keys(doc.body.paths["/quotes"].post.responses)).toEqual(expect.arrayContaining(["412", "424"]));
    expect(await sql((q) => q`select count(*)::int as n from quotes where platform_id = ${bare(p.id)}`)).toEqual([
      { n: 0 },
    ]);
  });
});
