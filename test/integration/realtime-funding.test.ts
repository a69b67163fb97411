/**
 * Issue 27 item 4: Grid's REALTIME_FUNDING quote source, as Grid's sandbox pages run it
 * (global-p2p/platform-tools/sandbox-testing.mdx): POST /quotes with {sourceType: REALTIME_FUNDING, currency} answers the
 * quote with its paymentInstructions, and POST /sandbox/send {quoteId, currencyCode} pays it, which executes it.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../support/api";
import { expectGridShape } from "../support/grid-shapes/check";
import { gridQuote } from "../support/grid-shapes/quotes";
import { balance, moneyCustomer, usdExternal } from "../support/money";

describe("real-time funding", () => {
  it("quotes a REALTIME_FUNDING source with instant-rail paymentInstructions; /sandbox/send funds and executes it", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    const ext = await usdExternal(p, c.customer.id);
    const body = {
      source: { sourceType: "REALTIME_FUNDING", currency: "USD", customerId: c.customer.id },
      destination: { destinationType: "ACCOUNT", accountId: ext },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 10_000,
    };
    const q = await call("POST", "/quotes", { auth: p.auth, body });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expectGridShape(gridQuote, q.body);
    expect(q.body.source).toEqual({ sourceType: "REALTIME_FUNDING", currency: "USD", customerId: c.customer.id });
    expect(q.body.paymentInstructions).toHaveLength(1);
    const info = q.body.paymentInstructions[0].accountOrWalletInfo;
    // Grid's PaymentUsdAccountInfo: accountType, accountNumber, routingNumber, paymentRails, reference.
    expect(info).toMatchObject({
      accountType: "USD_ACCOUNT",
      accountNumber: expect.any(String),
      routingNumber: expect.stringMatching(/^\d{9}$/),
      reference: expect.any(String),
    });
    expect(info.paymentRails).toContain("RTP");
    expect(q.body.paymentInstructions[0].instructionsNotes).toContain(info.reference);
    expect((await call("GET", `/quotes/${q.body.id}`, { auth: p.auth })).body).toEqual(q.body);

    // It waits for its money: POST /quotes/{id}/execute does not run it, and it cannot be executed immediately.
    const exec = await call("POST", `/quotes/${q.body.id}/execute`, { auth: p.auth });
    expect(exec.status).toBe(400);
    expect(exec.body.details.reason).toBe("REALTIME_FUNDING_SOURCE");
    const now = await call("POST", "/quotes", { auth: p.auth, body: { ...body, immediatelyExecute: true } });
    expect(now.status).toBe(400);
    expect(now.body.details.errors[0].field).toBe("immediatelyExecute");

    // The sender pays as instructed (sandbox): the quote executes with that money.
    const sent = await call("POST", "/sandbox/send", {
      auth: p.auth,
      body: { quoteId: q.body.id, currencyCode: "USD" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ id: q.body.transactionId, type: "OUTGOING", status: "COMPLETED" });
    const done = (await call("GET", `/quotes/${q.body.id}`, { auth: p.auth })).body;
    expect(done.status).toBe("COMPLETED");
    expect(done.paymentInstructions).toBeUndefined();
    expect(await balance(p, c.accounts.USD)).toBe(0);
  });

  it("refuses a currency without an instant rail here, and a customer without an account in it, naming the field", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    const ext = await usdExternal(p, c.customer.id);
    const quote = (currency: string) =>
      call("POST", "/quotes", {
        auth: p.auth,
        body: {
          source: { sourceType: "REALTIME_FUNDING", currency, customerId: c.customer.id },
          destination: { destinationType: "ACCOUNT", accountId: ext },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: 1_000,
        },
      });
    for (const currency of ["BRL", "EUR"]) {
      const r = await quote(currency);
      expect(r.status).toBe(400);
      expect(r.body.details.errors[0].field).toBe("source.currency");
    }
  });
});
