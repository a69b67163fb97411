/**
 * Quotes to an UMA address (Grid's UMA_ADDRESS quote destination, through the sandbox UMA counterparty), the
 * spec's Versioning change: `onChainTransaction` on wallet payouts, `reconciliationInstructions.transactionHash`
 * only on UMA payments' settlement leg; tenants.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";
import { example } from "../../support/external-account-examples";

function umaQuote(
  p: TestPlatform,
  src: string,
  umaAddress: string,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  return call("POST", "/quotes", {
    auth: p.auth,
    body: {
      source: { sourceType: "ACCOUNT", accountId: src },
      destination: { destinationType: "UMA_ADDRESS", umaAddress },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      ...extra,
    },
  });
}

async function funded(p: TestPlatform) {
  const c = await moneyCustomer(p, ["USD", "USDC"]);
  await fund(p, c.accounts.USD, 100_000);
  return c;
}

describe("quotes to an UMA address", () => {
  it("pays a sandbox UMA receiver: UMA_ADDRESS destination on the quote and transaction, settlement hash in reconciliationInstructions", async () => {
    const p = await newPlatform();
    const c = await funded(p);
    const q = await umaQuote(p, c.accounts.USD, "$success.eur@sandbox.uma.money", 10_000);
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.destination).toEqual({
      destinationType: "UMA_ADDRESS",
      umaAddress: "$success.eur@sandbox.uma.money",
      currency: "EUR",
    });
    expect(q.body.receivingCurrency.code).toBe("EUR");
    expect((await call("GET", `/quotes/${q.body.id}`, { auth: p.auth })).body.destination).toEqual(q.body.destination);
    const ex = await call("POST", `/quotes/${q.body.id}/execute`, { auth: p.auth });
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    const t = await call("GET", `/transactions/${q.body.transactionId}`, { auth: p.auth });
    expect(t.body).toMatchObject({
      status: "COMPLETED",
      destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.eur@sandbox.uma.money", currency: "EUR" },
      receivedAmount: { amount: q.body.totalReceivingAmount },
    });
    expect(t.body.destination.onChainTransaction).toBeUndefined();
    expect(t.body.reconciliationInstructions.transactionHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(await balance(p, c.accounts.USD)).toBe(90_000);
  });

  it("follows the receiver's sandbox pattern: pending.long holds the payment PENDING, fail.compliance fails before any debit", async () => {
    const p = await newPlatform();
    const c = await funded(p);
    const held = await umaQuote(p, c.accounts.USD, "$pending.long.usd@sandbox.uma.money", 5_000, {
      immediatelyExecute: true,
    });
    expect(held.status).toBe(201);
    const ht = (await call("GET", `/transactions/${held.body.transactionId}`, { auth: p.auth })).body;
    expect(ht).toMatchObject({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" });
    expect(ht.reconciliationInstructions).toBeUndefined();
    expect(await balance(p, c.accounts.USD)).toBe(95_000);
    const refused = await umaQuote(p, c.accounts.USD, "$fail.compliance.usd@sandbox.uma.money", 5_000, {
      immediatelyExecute: true,
    });
    const ft = (await call("GET", `/transactions/${refused.body.transactionId}`, { auth: p.auth })).body;
    expect(ft).toMatchObject({ status: "FAILED", failureReason: "COMPLIANCE_REJECTED" });
    expect(await balance(p, c.accounts.USD)).toBe(95_000);
  });

  it("refuses unknown receivers (UMA_NOT_FOUND), unknown or foreign lookups (LOOKUP_REQUEST_NOT_FOUND), currencies the receiver does not take", async () => {
    const p = await newPlatform();
    const c = await funded(p);
    const nobody = await umaQuote(p, c.accounts.USD, "$nobody@sandbox.uma.money", 1_000);
    expect(nobody.status).toBe(404);
    expect(nobody.body.code).toBe("UMA_NOT_FOUND");
    const unknown = await umaQuote(p, c.accounts.USD, "$success.usd@sandbox.uma.money", 1_000, {
      lookupId: "Lookup:019542f5-b3e7-1d02-0000-000000000001",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("LOOKUP_REQUEST_NOT_FOUND");
    const lookup = await call(
      "GET",
      `/receiver/uma/${encodeURIComponent("$success.usd@sandbox.uma.money")}?customerId=${c.customer.id}`,
      { auth: p.auth },
    );
    expect(lookup.status).toBe(200);
    const withLookup = await umaQuote(p, c.accounts.USD, "$success.usd@sandbox.uma.money", 1_000, {
      lookupId: lookup.body.lookupId,
    });
    expect(withLookup.status).toBe(201);
    const mismatch = await umaQuote(p, c.accounts.USD, "$success.eur@sandbox.uma.money", 1_000, {
      lookupId: lookup.body.lookupId,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details.errors[0].field).toBe("lookupId");
    const q = await newPlatform();
    const qc = await funded(q);
    const foreign = await umaQuote(q, qc.accounts.USD, "$success.usd@sandbox.uma.money", 1_000, {
      lookupId: lookup.body.lookupId,
    });
    expect(foreign.body.code).toBe("LOOKUP_REQUEST_NOT_FOUND");
    const currency = await call("POST", "/quotes", {
      auth: p.auth,
      body: {
        ...quoteBody(c.accounts.USD, "", 1_000),
        destination: { destinationType: "UMA_ADDRESS", umaAddress: "$success.usd@sandbox.uma.money", currency: "EUR" },
      },
    });
    expect(currency.status).toBe(400);
    expect(currency.body.details.errors[0].field).toBe("destination.currency");
    const malformed = await umaQuote(p, c.accounts.USD, "not an address", 1_000);
    expect(malformed.body.details.errors[0].field).toBe("destination.umaAddress");
    // Another platform's quotes and transactions stay invisible.
    expect((await call("GET", `/quotes/${withLookup.body.id}`, { auth: q.auth })).status).toBe(404);
  });
});

describe("onChainTransaction (spec Versioning)", () => {
  it("a settled payout to a crypto wallet carries onChainTransaction {transactionHash, network}; a bank payout does not", async () => {
    const p = await newPlatform();
    const c = await funded(p);
    await fund(p, c.accounts.USDC, 5_000_000);
    const sol = example("SOLANA_WALLET");
    const wallet = await call("POST", "/customers/external-accounts", {
      auth: p.auth,
      body: { customerId: c.customer.id, currency: "USDC", accountInfo: sol.accountInfo },
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(201);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(c.accounts.USDC, wallet.body.id, 1_000_000, { immediatelyExecute: true }),
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const t = (await call("GET", `/transactions/${q.body.transactionId}`, { auth: p.auth })).body;
    expect(t.status).toBe("COMPLETED");
    expect(t.destination).toMatchObject({ destinationType: "ACCOUNT", accountId: wallet.body.id });
    expect(t.destination.onChainTransaction).toEqual({
      transactionHash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/),
      network: "SOLANA",
    });
    expect(t.reconciliationInstructions).toBeUndefined();
    // The same answer from the list (and from any instance: it is stored, not recomputed per request).
    const listed = await call("GET", `/transactions?accountId=${wallet.body.id}`, { auth: p.auth });
    expect(listed.body.data[0].destination.onChainTransaction).toEqual(t.destination.onChainTransaction);

    const bank = await usdExternal(p, c.customer.id);
    const bq = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(c.accounts.USD, bank, 1_000, { immediatelyExecute: true }),
    });
    const bt = (await call("GET", `/transactions/${bq.body.transactionId}`, { auth: p.auth })).body;
    expect(bt.status).toBe("COMPLETED");
    expect(bt.destination.onChainTransaction).toBeUndefined();
    expect(bt.reconciliationInstructions).toBeUndefined();
  });

  it("an incoming sandbox UMA payment has an UMA_ADDRESS source and its settlement hash", async () => {
    const p = await newPlatform();
    const umaAddress = `$rcv${Date.now().toString(36)}@uma.example.com`;
    await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Receiver", umaAddress, currencies: ["USD"] },
    });
    const ok = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      body: {
        receiverUmaAddress: umaAddress,
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: 5_000,
        senderUmaAddress: "$success.usd@sandbox.uma.money",
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.source).toEqual({
      sourceType: "UMA_ADDRESS",
      umaAddress: "$success.usd@sandbox.uma.money",
      currency: "USD",
    });
    expect(ok.body.reconciliationInstructions.transactionHash).toEqual(expect.any(String));
  });
});
