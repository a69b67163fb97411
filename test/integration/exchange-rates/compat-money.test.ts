/**
 * Wire compatibility with Grid for money: requests in Grid's documented shapes, responses checked
 * against our own zod schemas of Grid's shapes (test/support/grid-shapes/). A deliberate difference is one
 * entry of `deliberate` with its reason.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridExchangeRateList } from "../../support/grid-shapes/exchange-rates";
import { gridPlatformInternalAccountList } from "../../support/grid-shapes/money";
import { gridQuote, gridQuoteList } from "../../support/grid-shapes/quotes";
import { gridAgentAction } from "../../support/grid-shapes/agents";
import { gridTransaction, gridTransactionList } from "../../support/grid-shapes/transactions";

async function paid(p: TestPlatform) {
  const a = await moneyCustomer(p, ["USD", "EUR"]);
  const b = await moneyCustomer(p, ["USD", "EUR"]);
  await fund(p, a.accounts.USD, 50_000);
  return { a, b };
}

describe("exchange rates in Grid's shape", () => {
  it("every rate has its rail, limits and amounts (Grid's default sending amount 10000) and fees {fixed, total}", async () => {
    const p = await newPlatform();
    const cfg = await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        feeConfigs: [
          {
            feeType: "CROSS_CURRENCY_TRANSACTION",
            sourceCurrency: "USD",
            variableFeeBps: 100,
            fixedFee: { amount: 50, currency: "USD" },
          },
        ],
      },
    });
    expect(cfg.status).toBe(200);
    const r = await call("GET", "/exchange-rates?sourceCurrency=USD", { auth: p.auth });
    expect(r.status).toBe(200);
    expectGridShape(gridExchangeRateList, r.body);
    for (const rate of r.body.data) {
      expect(rate).toMatchObject({ sendingAmount: 10_000, fees: { fixed: 50, total: 150 } });
      expect(rate.maxSendingAmount).toBeGreaterThan(rate.minSendingAmount);
    }
    const eur = r.body.data.filter((x: any) => x.destinationCurrency.code === "EUR");
    expect(eur.map((x: any) => x.destinationPaymentRail).sort()).toEqual(["SEPA", "SEPA_INSTANT"]);
    // 9850 after fees × 0.92 = 9062 EUR cents.
    expect(eur[0].receivingAmount).toBe(9_062);
    // Crypto currencies settle to wallets, not payment rails: no corridor.
    expect(r.body.data.some((x: any) => x.destinationCurrency.code === "USDC")).toBe(false);
  });

  it("several destination currencies in one call, repeated or comma-separated: one rate per currency and rail", async () => {
    const p = await newPlatform();
    const repeated = await call(
      "GET",
      "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&destinationCurrency=INR&sendingAmount=20000",
      { auth: p.auth },
    );
    const comma = await call(
      "GET",
      "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR,INR&sendingAmount=20000",
      { auth: p.auth },
    );
    expect(repeated.status).toBe(200);
    expectGridShape(gridExchangeRateList, repeated.body);
    const corridors = (b: any) =>
      b.data.map((x: any) => `${x.destinationCurrency.code}/${x.destinationPaymentRail}`).sort();
    expect(corridors(repeated.body)).toEqual(["EUR/SEPA", "EUR/SEPA_INSTANT", "INR/NEFT", "INR/RTGS", "INR/UPI"]);
    expect(corridors(comma.body)).toEqual(corridors(repeated.body));
    expect(repeated.body.data.every((x: any) => x.sendingAmount === 20_000)).toBe(true);
    const bad = await call("GET", "/exchange-rates?destinationCurrency=EUR,eu", { auth: p.auth });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors[0].field).toMatch(/^destinationCurrency/);
  });
});

describe("transactions, transfers and quotes in Grid's shape", () => {
  it("a quote and its transaction; the list has Grid's filters and page fields", async () => {
    const p = await newPlatform();
    const { a, b } = await paid(p);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.EUR, 2_000, { immediatelyExecute: true }),
    });
    expect(q.status).toBe(201);
    expectGridShape(gridQuote, q.body);
    const t = await call("GET", `/transactions/${q.body.transactionId}`, { auth: p.auth });
    expectGridShape(gridTransaction, t.body);
    expect(t.body).toMatchObject({
      type: "OUTGOING",
      direction: "DEBIT",
      customerId: a.customer.id,
      platformCustomerId: a.customer.platformCustomerId,
      source: { sourceType: "ACCOUNT", accountId: a.accounts.USD, currency: "USD" },
      destination: { destinationType: "ACCOUNT", accountId: b.accounts.EUR, currency: "EUR" },
      fees: 0,
      platformFees: 0,
    });
    // The sandbox funding shows as an INCOMING credit from REALTIME_FUNDING.
    const all = await call(
      "GET",
      `/transactions?platformCustomerId=${encodeURIComponent(a.customer.platformCustomerId)}&sortOrder=asc`,
      { auth: p.auth },
    );
    expectGridShape(gridTransactionList, all.body);
    expect(all.body.totalCount).toBe(2);
    expect(all.body.data[0]).toMatchObject({
      type: "INCOMING",
      direction: "CREDIT",
      source: { sourceType: "REALTIME_FUNDING", currency: "USD" },
    });
    const filtered = async (query: string) => (await call("GET", `/transactions?${query}`, { auth: p.auth })).body;
    expect((await filtered(`type=OUTGOING&customerId=${a.customer.id}`)).data.map((x: any) => x.id)).toEqual([
      t.body.id,
    ]);
    expect((await filtered(`senderAccountIdentifier=${a.accounts.USD}`)).totalCount).toBe(1);
    expect((await filtered(`receiverAccountIdentifier=${a.accounts.USD}`)).totalCount).toBe(1);
    expect((await filtered(`accountIdentifier=${b.accounts.EUR}`)).totalCount).toBe(1);
    expect(
      (await filtered(`startDate=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).totalCount,
    ).toBe(0);
    expect(
      (await filtered(`endDate=${encodeURIComponent(new Date().toISOString())}&status=COMPLETED`)).totalCount,
    ).toBe(2);
    expect((await filtered(`status=REFUNDED`)).data).toEqual([]);
    const page1 = await filtered("limit=1");
    expect(page1).toMatchObject({ hasMore: true, totalCount: 2 });
    const page2 = await filtered(`limit=1&cursor=${page1.nextCursor}`);
    expect(page2).toMatchObject({ hasMore: false, totalCount: 2 });
    expect(page2.nextCursor).toBeUndefined();
    expect(page2.data).toHaveLength(1);
  });

  it("GET /quotes lists with Grid's filters, newest first, paged", async () => {
    const p = await newPlatform();
    const { a, b } = await paid(p);
    const before = new Date(Date.now() - 1_000).toISOString();
    const q1 = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.USD, b.accounts.USD, 100) });
    const q2 = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.EUR, 200, { immediatelyExecute: true }),
    });
    const q3 = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(b.accounts.USD, a.accounts.USD, 1, {}) });
    expect([q1.status, q2.status, q3.status]).toEqual([201, 201, 201]);
    const list = async (query = "") => {
      const r = await call("GET", `/quotes${query}`, { auth: p.auth });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expectGridShape(gridQuoteList, r.body);
      return r.body;
    };
    expect((await list()).data.map((x: any) => x.id)).toEqual([q3.body.id, q2.body.id, q1.body.id]);
    expect((await list(`?customerId=${a.customer.id}`)).totalCount).toBe(2);
    expect((await list(`?sendingAccountId=${a.accounts.USD}&status=PENDING`)).data.map((x: any) => x.id)).toEqual([
      q1.body.id,
    ]);
    expect((await list(`?receivingAccountId=${b.accounts.EUR}`)).data.map((x: any) => x.id)).toEqual([q2.body.id]);
    expect((await list("?status=COMPLETED")).totalCount).toBe(1);
    expect(
      (await list(`?createdAfter=${encodeURIComponent(before)}&createdBefore=${encodeURIComponent(before)}`))
        .totalCount,
    ).toBe(0);
    expect((await list("?receivingUmaAddress=$someone@example.com")).data).toEqual([]);
    const first = await list("?limit=2");
    expect(first).toMatchObject({ hasMore: true, totalCount: 3 });
    expect((await list(`?limit=2&cursor=${first.nextCursor}`)).data.map((x: any) => x.id)).toEqual([q1.body.id]);
    const bad = await call("GET", "/quotes?status=DONE&limit=0", { auth: p.auth });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(["limit", "status"]);
    // Another platform sees none of them.
    expect((await call("GET", "/quotes", { auth: (await newPlatform()).auth })).body).toMatchObject({
      data: [],
      totalCount: 0,
    });
  });

  it("transfer-in and transfer-out answer Grid's transactions", async () => {
    const p = await newPlatform();
    const { a } = await paid(p);
    const ext = await usdExternal(p, a.customer.id);
    // Grid's whole TransferOutRequest: the rail (one of the account's) and the payout details are taken, not refused.
    const wrongRail = await call("POST", "/transfer-out", {
      auth: p.auth,
      body: {
        source: { accountId: a.accounts.USD },
        destination: { accountId: ext, paymentRail: "SEPA" },
        amount: 700,
      },
    });
    expect(wrongRail.status).toBe(400);
    expect(wrongRail.body.details.errors[0].field).toBe("destination.paymentRail");
    const out = await call("POST", "/transfer-out", {
      auth: p.auth,
      body: {
        source: { accountId: a.accounts.USD },
        destination: { accountId: ext, paymentRail: "WIRE" },
        amount: 700,
        remittanceInformation: "INV-1234",
        purposeOfPayment: "GOODS_OR_SERVICES",
      },
    });
    expect(out.status).toBe(201);
    expectGridShape(gridTransaction, out.body);
    expect(out.body).toMatchObject({
      type: "OUTGOING",
      direction: "DEBIT",
      destination: { destinationType: "ACCOUNT", accountId: ext },
    });
    const quote = await call("GET", `/quotes/${out.body.quoteId}`, { auth: p.auth });
    expectGridShape(gridQuote, quote.body);
    expect(quote.body).toMatchObject({
      destination: { paymentRail: "WIRE" },
      remittanceInformation: "INV-1234",
      purposeOfPayment: "GOODS_OR_SERVICES",
    });
    const inn = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount: 300 },
    });
    expect(inn.status).toBe(201);
    expectGridShape(gridTransaction, inn.body);
    expect(inn.body).toMatchObject({
      type: "INCOMING",
      direction: "CREDIT",
      source: { sourceType: "ACCOUNT", accountId: ext },
      platformCustomerId: a.customer.platformCustomerId,
    });
  });

  it("approve/reject of an agent's transaction answer it in Grid's shape, with the spec's meaning", async () => {
    const p = await newPlatform();
    const { a } = await paid(p);
    const payee = await usdExternal(p, a.customer.id);
    const created = await call("POST", "/agents", {
      auth: p.auth,
      body: {
        name: "Payer",
        customerId: a.customer.id,
        policy: {
          permissions: ["CREATE_QUOTES", "EXECUTE_QUOTES"],
          defaultExecutionMode: "APPROVAL_REQUIRED",
          spendingLimits: { currency: "USD", perTransactionLimit: 5_000 },
        },
      },
    });
    const token = (await call("POST", `/agents/device-codes/${created.body.deviceCode.code}/redeem`)).body.accessToken;
    const pending = async () => {
      const q = await call("POST", "/agents/me/quotes", {
        auth: `Bearer ${token}`,
        body: quoteBody(a.accounts.USD, payee, 1_000),
      });
      const ex = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: `Bearer ${token}` });
      expectGridShape(gridAgentAction, ex.body);
      expect(ex.body).toMatchObject({ status: "PENDING_APPROVAL", agentId: created.body.agent.id });
      const t = await call("GET", `/transactions/${q.body.transactionId}`, { auth: p.auth });
      expectGridShape(gridTransaction, t.body);
      expect(t.body).toMatchObject({ status: "PENDING", agentId: created.body.agent.id });
      return q.body.transactionId as string;
    };
    const approved = await call("POST", `/transactions/${await pending()}/approve`, { auth: p.auth, body: {} });
    expect(approved.status).toBe(200);
    expectGridShape(gridTransaction, approved.body);
    expect(approved.body).toMatchObject({
      type: "OUTGOING",
      status: "COMPLETED",
      platformCustomerId: a.customer.platformCustomerId,
    });
    const rejected = await call("POST", `/transactions/${await pending()}/reject`, {
      auth: p.auth,
      body: { reason: "RESTRICTED_JURISDICTION" },
    });
    expect(rejected.status).toBe(200);
    expectGridShape(gridTransaction, rejected.body);
    expect(rejected.body).toMatchObject({ status: "FAILED", rejectionReason: "RESTRICTED_JURISDICTION" });
  });
});

describe("operations Grid has that were missing", () => {
  it("GET /platform/internal-accounts: the platform's own accounts, once each, with Grid's filters", async () => {
    const p = await newPlatform();
    const [r1, r2] = await Promise.all([
      call("GET", "/platform/internal-accounts", { auth: p.auth }),
      call("GET", "/platform/internal-accounts", { auth: p.auth }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expectGridShape(gridPlatformInternalAccountList, r1.body);
    const again = await call("GET", "/platform/internal-accounts", { auth: p.auth });
    const codes = again.body.data.map((x: any) => x.balance.currency.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain("USD");
    expect(again.body.data.every((x: any) => x.customerId === undefined)).toBe(true);
    const usd = await call("GET", "/platform/internal-accounts?currency=USD", { auth: p.auth });
    expect(usd.body.data).toHaveLength(1);
    expect(
      (await call("GET", "/platform/internal-accounts?type=INTERNAL_CRYPTO", { auth: p.auth })).body.data
        .map((x: any) => x.balance.currency.code)
        .sort(),
    ).toEqual(["BTC", "USDC"]);
    // Grid's currency filter on the customers' accounts too.
    const { a } = await paid(p);
    const eurs = await call("GET", `/customers/internal-accounts?currency=EUR&customerId=${a.customer.id}`, {
      auth: p.auth,
    });
    expect(eurs.body.data.map((x: any) => x.id)).toEqual([a.accounts.EUR]);
    // Not a customer's account: the customers' list does not show it.
    expect(
      (await call("GET", "/customers/internal-accounts", { auth: p.auth })).body.data.map((x: any) => x.id),
    ).not.toContain(usd.body.data[0].id);
    // It can be funded; its transactions belong to the platform.
    await fund(p, usd.body.data[0].id, 500);
    const t = await call("GET", `/transactions?accountIdentifier=${usd.body.data[0].id}`, { auth: p.auth });
    expectGridShape(gridTransactionList, t.body);
    expect(t.body.data[0].customerId).toBe(p.id);
  });

  it("POST /sandbox/send pays a quote as instructed: the quote executes with the money that arrived", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD", "EUR"]);
    const b = await moneyCustomer(p, ["EUR"]);
    const q = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.USD, b.accounts.EUR, 5_000) });
    const wrong = await call("POST", "/sandbox/send", {
      auth: p.auth,
      body: { quoteId: q.body.id, currencyCode: "EUR", currencyAmount: 4_999 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors.map((e: any) => e.field)).toEqual(["currencyCode", "currencyAmount"]);
    const r = await call("POST", "/sandbox/send", { auth: p.auth, body: { quoteId: q.body.id, currencyCode: "USD" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectGridShape(gridTransaction, r.body);
    expect(r.body).toMatchObject({
      id: q.body.transactionId,
      type: "OUTGOING",
      status: "COMPLETED",
      sentAmount: { amount: 5_000 },
    });
    expect(await balance(p, a.accounts.USD)).toBe(0);
    expect(await balance(p, b.accounts.EUR)).toBe(q.body.totalReceivingAmount);
    expect(
      (await call("POST", "/sandbox/send", { auth: p.auth, body: { quoteId: q.body.id, currencyCode: "USD" } })).status,
    ).toBe(409);
    expect(
      (
        await call("POST", "/sandbox/send", {
          auth: p.auth,
          body: { quoteId: "Quote:00000000-0000-7000-8000-000000000000", currencyCode: "USD" },
        })
      ).status,
    ).toBe(404);
    const prod = await newPlatform({ environment: "PRODUCTION" });
    expect(
      (await call("POST", "/sandbox/send", { auth: prod.auth, body: { quoteId: q.body.id, currencyCode: "USD" } }))
        .status,
    ).toBe(403);
  });

  it("every list pages alike: limit, cursor, hasMore, nextCursor and totalCount", async () => {
    const p = await newPlatform();
    const { a, b } = await paid(p);
    await usdExternal(p, a.customer.id, "111");
    await usdExternal(p, a.customer.id, "222");
    for (const path of [
      "/customers",
      "/customers/internal-accounts",
      "/customers/external-accounts",
      "/transactions",
      "/quotes",
      "/webhooks/deliveries",
    ]) {
      const whole = await call("GET", `${path}?limit=100`, { auth: p.auth });
      expect(whole.status, path).toBe(200);
      expect(whole.body.totalCount, path).toBe(whole.body.data.length);
      if (whole.body.totalCount < 2) continue;
      const first = await call("GET", `${path}?limit=1`, { auth: p.auth });
      expect(first.body, path).toMatchObject({ hasMore: true, totalCount: whole.body.totalCount });
      expect(first.body.data).toHaveLength(1);
      const second = await call("GET", `${path}?limit=1&cursor=${first.body.nextCursor}`, { auth: p.auth });
      expect(second.body.data[0].id, path).toBe(whole.body.data[1].id);
    }
    expect(b.customer.id).toBeTruthy();
  });
});
