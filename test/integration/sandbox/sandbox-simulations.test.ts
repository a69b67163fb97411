import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";
import { balance, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

describe("sandbox money simulations", () => {
  it("sandbox funding takes any amount up to 2^53 − 1 per call, and refuses what would take the balance past it", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    const fund = (amount: number) =>
      call("POST", `/sandbox/internal-accounts/${c.accounts.USD}/fund`, { auth: p.auth, body: { amount } });
    const over = await fund(2 ** 53);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      code: "INVALID_INPUT",
      details: { errors: [{ field: "amount", constraint: { maximum: Number.MAX_SAFE_INTEGER } }] },
    });
    const max = await fund(Number.MAX_SAFE_INTEGER);
    expect(max.status, JSON.stringify(max.body)).toBe(200);
    expect(max.body.balance.amount).toBe(Number.MAX_SAFE_INTEGER);
    const past = await fund(1);
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      code: "INVALID_INPUT",
      details: { errors: [{ field: "amount", constraint: { maximum: Number.MAX_SAFE_INTEGER } }] },
    });
    expect(await balance(p, c.accounts.USD)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("POST /sandbox/send deposits what the quote asks for and executes it through the engine, with its events", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USD"]);
    const ext = await usdExternal(p, c.customer.id);
    const q = (await call("POST", "/quotes", { auth: p.auth, body: quoteBody(c.accounts.USD, ext, 2_000) })).body;
    expect(await balance(p, c.accounts.USD)).toBe(0);
    const wrong = await call("POST", "/sandbox/send", { auth: p.auth, body: { quoteId: q.id, currencyCode: "EUR" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors[0].field).toBe("currencyCode");
    const sent = await call("POST", "/sandbox/send", { auth: p.auth, body: { quoteId: q.id, currencyCode: "USD" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ id: q.transactionId, type: "OUTGOING", status: "COMPLETED" });
    // The deposit arrived and left again.
    expect(await balance(p, c.accounts.USD)).toBe(0);
    expect((await call("GET", `/quotes/${q.id}`, { auth: p.auth })).body.status).toBe("COMPLETED");
    const incoming = await call("GET", `/transactions?customerId=${c.customer.id}`, { auth: p.auth });
    expect(incoming.body.data.map((t: any) => t.type).sort()).toEqual(["INCOMING", "OUTGOING"]);
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=OUTGOING_PAYMENT.COMPLETED", { auth: p.auth })).body.data
            .length,
      )
      .toBe(1);
    const again = await call("POST", "/sandbox/send", { auth: p.auth, body: { quoteId: q.id, currencyCode: "USD" } });
    expect(again.status).toBe(409);
    const other = await newPlatform();
    expect(
      (await call("POST", "/sandbox/send", { auth: other.auth, body: { quoteId: q.id, currencyCode: "USD" } })).body
        .code,
    ).toBe("QUOTE_NOT_FOUND");
    const prod = await newPlatform({ environment: "PRODUCTION" });
    expect(
      (await call("POST", "/sandbox/send", { auth: prod.auth, body: { quoteId: q.id, currencyCode: "USD" } })).status,
    ).toBe(403);
  });

  it("POST /sandbox/uma/receive: success credits, pending.long holds, fail.compliance fails; unknown senders are UMA_NOT_FOUND", async () => {
    const p = await newPlatform();
    const umaAddress = `$rcv${Date.now().toString(36)}@uma.example.com`;
    const r = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Receiver", umaAddress, currencies: ["USD"] },
    });
    const accts = await call("GET", `/customers/internal-accounts?customerId=${r.body.id}&type=INTERNAL_FIAT`, {
      auth: p.auth,
    });
    const usd = accts.body.data[0].id;
    const base = { receiverUmaAddress: umaAddress, receivingCurrencyCode: "USD", receivingCurrencyAmount: 5_000 };
    const ok = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      body: { ...base, senderUmaAddress: "$success.usd@sandbox.uma.money" },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ type: "INCOMING", status: "COMPLETED", receivedAmount: { amount: 5_000 } });
    expect(await balance(p, usd)).toBe(5_000);
    const pending = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      body: { ...base, senderUmaAddress: "$pending.long.usd@sandbox.uma.money" },
    });
    expect(pending.body).toMatchObject({ status: "PENDING" });
    const failed = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      body: { ...base, senderUmaAddress: "$fail.compliance.usd@sandbox.uma.money" },
    });
    expect(failed.body).toMatchObject({ status: "FAILED", failureReason: "COMPLIANCE_REJECTED" });
    expect(await balance(p, usd)).toBe(5_000);
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=INCOMING_PAYMENT.FAILED", { auth: p.auth })).body.data
            .length,
      )
      .toBe(1);
    const nobody = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      body: { ...base, senderUmaAddress: "$nobody@sandbox.uma.money" },
    });
    expect(nobody.body.code).toBe("UMA_NOT_FOUND");
    const eur = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      body: { ...base, receivingCurrencyCode: "EUR", senderUmaAddress: "$success.eur@sandbox.uma.money" },
    });
    expect(eur.status).toBe(400);
    const b = await newPlatform();
    const foreign = await call("POST", "/sandbox/uma/receive", {
      auth: b.auth,
      body: { ...base, senderUmaAddress: "$success.usd@sandbox.uma.money" },
    });
    expect(foreign.body.code).toBe("USER_NOT_FOUND");
  });
});
