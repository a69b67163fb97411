/**
 * What a sandbox card simulation answers: the card transaction it made or moved, as GET /transactions/{id} shows it
 * once the simulation is applied, Grid's `issuerTransactionToken` among its fields. Grid's client types the answer as
 * the CardTransaction and chains its `id` into the next simulation (authorization → clearing → return), as a partner
 * following it does here.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeDb } from "@/db/client";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { cardholder, fund } from "../../support/money";

afterAll(() => closeDb());

const USD = { code: "USD" };
const merchant = (descriptor = "BLUE BOTTLE COFFEE SF") => ({ descriptor, mcc: "5814", country: "US" });

async function usdCard(p: TestPlatform, funds: number) {
  const c = await cardholder(p, ["USD"]);
  await fund(p, c.accounts.USD, funds);
  const r = await call("POST", "/cards", {
    auth: p.auth,
    body: { cardholderId: c.customer.id, form: "VIRTUAL", fundingSources: [c.accounts.USD] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { card: r.body, account: c.accounts.USD, customer: c.customer };
}

async function simulate(p: TestPlatform, cardId: string, op: string, body: unknown) {
  const r = await call("POST", `/sandbox/cards/${cardId}/simulate/${op}`, { auth: p.auth, body });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  // The answer is the card transaction as it now stands: the same object the transaction's own read gives.
  const read = await call("GET", `/transactions/${encodeURIComponent(r.body.id)}`, { auth: p.auth });
  expect(read.status).toBe(200);
  expect(r.body).toEqual(read.body);
  expect(r.body.issuerTransactionToken).toMatch(/^sandbox_txn_/);
  return r.body;
}

describe("sandbox card simulations answer the card transaction", () => {
  it("authorization → clearing → return, each driven by the id the previous answer carries", async () => {
    const p = await newPlatform();
    const { card, account, customer } = await usdCard(p, 10_000);
    const auth = await simulate(p, card.id, "authorization", { amount: 1_250, currency: USD, merchant: merchant() });
    expect(auth).toMatchObject({
      type: "CARD",
      id: expect.stringMatching(/^CardTransaction:/),
      cardId: card.id,
      customerId: customer.id,
      accountId: account,
      status: "AUTHORIZED",
      authorizedAmount: { amount: 1_250 },
    });
    const cleared = await simulate(p, card.id, "clearing", { cardTransactionId: auth.id, amount: 1_250 });
    expect(cleared).toMatchObject({
      id: auth.id,
      issuerTransactionToken: auth.issuerTransactionToken,
      status: "SETTLED",
      settledAmount: { amount: 1_250 },
      settlementSummary: { count: 1, totalAmount: 1_250 },
    });
    const returned = await simulate(p, card.id, "return", { cardTransactionId: cleared.id, amount: 1_250 });
    expect(returned).toMatchObject({ id: auth.id, status: "REFUNDED", refundedAmount: { amount: 1_250 } });
  });

  it("a declined authorization answers its DECLINED record with the reason; an EXCEPTION answers its final status", async () => {
    const p = await newPlatform();
    const { card } = await usdCard(p, 1_000);
    const declined = await simulate(p, card.id, "authorization", {
      amount: 100,
      currency: USD,
      merchant: merchant("AMAZON RETAIL US-002"),
    });
    expect(declined).toMatchObject({ status: "DECLINED", declineReason: "INSUFFICIENT_FUNDS" });
    const exception = await simulate(p, card.id, "authorization", {
      amount: 100,
      currency: USD,
      merchant: merchant("PULL CONFIRMATION 006"),
    });
    expect(exception).toMatchObject({ status: "EXCEPTION", authorizedAmount: { amount: 100 } });
  });
});
