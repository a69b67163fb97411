import { describe, expect, it } from "vitest";
import { call, newCustomer, newPlatform } from "../../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

describe("quotes and transactions", () => {
  it("needs end-user terms consent before a quote (403), then accepts it", async () => {
    const p = await newPlatform();
    const terms = await call("GET", "/customers/end-user-terms", { auth: p.auth });
    expect(terms.status).toBe(200);
    expect(terms.body.version).toBe("V1");
    const a = await moneyCustomer(p, ["USD"], false);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 1000);
    const refused = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 100),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("END_USER_TERMS_NOT_ACCEPTED");
    const patch = await call("PATCH", `/customers/${a.customer.id}`, {
      auth: p.auth,
      body: {
        endUserTermsConsent: {
          termsVersion: terms.body.version,
          acceptedAt: new Date().toISOString(),
          acceptanceMethod: "CHECKBOX",
          ipAddress: "127.1.2.7",
        },
      },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.endUserTermsConsent.termsVersion).toBe("V1");
    const ok = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.USD, b.accounts.USD, 100) });
    expect(ok.status).toBe(201);
  });

  it("a same-currency quote with immediatelyExecute moves the balances in one call", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 10_000);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 2_500, { immediatelyExecute: true }),
    });
    expect(q.status).toBe(201);
    expect(q.body).toMatchObject({
      status: "COMPLETED",
      totalSendingAmount: 2500,
      totalReceivingAmount: 2500,
      exchangeRate: 1,
      feesIncluded: 0,
      sendingCurrency: { code: "USD", decimals: 2 },
    });
    expect(q.body.transactionId).toMatch(/^Transaction:/);
    expect(await balance(p, a.accounts.USD)).toBe(7_500);
    expect(await balance(p, b.accounts.USD)).toBe(2_500);
    const t = await call("GET", `/transactions/${q.body.transactionId}`, { auth: p.auth });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({
      status: "COMPLETED",
      type: "OUTGOING",
      quoteId: q.body.id,
      sentAmount: { amount: 2500 },
    });
    const list = await call("GET", `/transactions?customerId=${a.customer.id}`, { auth: p.auth });
    expect(list.body.data.map((x: any) => x.id)).toContain(q.body.transactionId);
    const got = await call("GET", `/quotes/${q.body.id}`, { auth: p.auth });
    expect(got.body.status).toBe("COMPLETED");
    // Another platform sees none of it.
    const other = await newPlatform();
    expect((await call("GET", `/transactions/${q.body.transactionId}`, { auth: other.auth })).body.code).toBe(
      "TRANSACTION_NOT_FOUND",
    );
    expect((await call("GET", `/quotes/${q.body.id}`, { auth: other.auth })).body.code).toBe("QUOTE_NOT_FOUND");
    expect((await call("GET", `/transactions`, { auth: other.auth })).body.data).toEqual([]);
    // The event is in the outbox (this platform has no webhookUrl: logged as SKIPPED).
    const log = await call("GET", "/webhooks/deliveries?eventType=OUTGOING_PAYMENT.COMPLETED", { auth: p.auth });
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=OUTGOING_PAYMENT.COMPLETED", { auth: p.auth })).body.data
            .length,
      )
      .toBe(1);
    expect(log.status).toBe(200);
  });

  it("concurrent payments both ways between two customers, and to a payout, all complete and the balances add up", async () => {
    // The customer's lock and its accounts' locks are taken in one statement (customer first, accounts in id order):
    // opposite payments must neither deadlock nor surface a conflict as a 5xx.
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 100_000);
    await fund(p, b.accounts.USD, 100_000);
    const payout = await usdExternal(p, b.customer.id);
    const bodies = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? quoteBody(a.accounts.USD, b.accounts.USD, 100, { immediatelyExecute: true })
        : i % 3 === 1
          ? quoteBody(b.accounts.USD, a.accounts.USD, 10, { immediatelyExecute: true })
          : quoteBody(b.accounts.USD, payout, 1, { immediatelyExecute: true }),
    );
    const answers = await Promise.all(bodies.map((body) => call("POST", "/quotes", { auth: p.auth, body })));
    expect(answers.map((r) => `${r.status} ${r.body.status ?? r.body.code}`)).toEqual(
      bodies.map(() => "201 COMPLETED"),
    );
    expect(await balance(p, a.accounts.USD)).toBe(100_000 - 8 * 100 + 8 * 10);
    expect(await balance(p, b.accounts.USD)).toBe(100_000 + 8 * 100 - 8 * 10 - 8 * 1);
  });

  it("concurrent immediate payments with one Idempotency-Key: one payment, every answer the same quote", async () => {
    // The quote and its transaction are inserted by the execution's last statement (lib/server/transactions/transitions.ts
    // finishing), pipelined with COMMIT: the losers meet the key's unique index there and answer the winner's quote.
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 1_000);
    const body = quoteBody(a.accounts.USD, b.accounts.USD, 100, { immediatelyExecute: true });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call("POST", "/quotes", { auth: p.auth, body, headers: { "Idempotency-Key": "same-payment" } }),
      ),
    );
    expect(answers.map((r) => `${r.status} ${r.body.status}`)).toEqual(answers.map(() => "201 COMPLETED"));
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect(await balance(p, a.accounts.USD)).toBe(900);
    expect(await balance(p, b.accounts.USD)).toBe(100);
  });

  it("executes a pending quote once; Idempotency-Key replays the same quote", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 1_000);
    const body = quoteBody(a.accounts.USD, b.accounts.USD, 400);
    const q1 = await call("POST", "/quotes", { auth: p.auth, body, headers: { "Idempotency-Key": "k-1" } });
    const q2 = await call("POST", "/quotes", { auth: p.auth, body, headers: { "Idempotency-Key": "k-1" } });
    expect(q2.body.id).toBe(q1.body.id);
    const q3 = await call("POST", "/quotes", {
      auth: p.auth,
      body: { ...body, lockedCurrencyAmount: 401 },
      headers: { "Idempotency-Key": "k-1" },
    });
    expect(q3.status).toBe(409);
    expect(q1.body.status).toBe("PENDING");
    expect((await call("GET", `/transactions/${q1.body.transactionId}`, { auth: p.auth })).status).toBe(404);
    const ex = await call("POST", `/quotes/${q1.body.id}/execute`, { auth: p.auth });
    expect(ex.status).toBe(200);
    expect(ex.body.status).toBe("COMPLETED");
    const again = await call("POST", `/quotes/${q1.body.id}/execute`, { auth: p.auth });
    expect(again.status).toBe(409);
    expect(await balance(p, a.accounts.USD)).toBe(600);
  });

  it("insufficient funds: 400 and nothing moves", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 100);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 101, { immediatelyExecute: true }),
    });
    expect(q.status).toBe(400);
    expect(q.body.code).toBe("INSUFFICIENT_FUNDS");
    expect(await balance(p, a.accounts.USD)).toBe(100);
    const list = await call("GET", `/transactions?accountId=${b.accounts.USD}`, { auth: p.auth });
    expect(list.body.data).toEqual([]);
  });

  it("cross-currency quotes show the rate, the fees and both amounts", async () => {
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
    const a = await moneyCustomer(p, ["USD", "EUR"]);
    const b = await moneyCustomer(p, ["EUR"]);
    await fund(p, a.accounts.USD, 100_000);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.EUR, 10_000, { immediatelyExecute: true }),
    });
    expect(q.status).toBe(201);
    // fees = 50 + 1% of 10000 = 150; 9850 USD cents × 0.92 = 9062 EUR cents.
    expect(q.body).toMatchObject({
      exchangeRate: 0.92,
      feesIncluded: 150,
      platformFeesIncluded: 150,
      totalSendingAmount: 10_000,
      totalReceivingAmount: 9_062,
      sendingCurrency: { code: "USD" },
      receivingCurrency: { code: "EUR" },
      status: "COMPLETED",
    });
    expect(await balance(p, b.accounts.EUR)).toBe(9_062);
    // RECEIVING locked: the receiver gets exactly the amount; fees go on top.
    const r = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.EUR, 9_200, { lockedCurrencySide: "RECEIVING" }),
    });
    expect(r.body).toMatchObject({ totalReceivingAmount: 9_200, feesIncluded: 150, totalSendingAmount: 10_150 });
    // EUR → USD: no fee config applies to a non-USD source.
    await fund(p, a.accounts.EUR, 10_000);
    const e = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.EUR, b.accounts.EUR, 1_000) });
    expect(e.status).toBe(201);
    expect(e.body.feesIncluded).toBe(0);
  });

  it("fees require a USD source: PATCH /config and platformFeeOverride answer 400 otherwise", async () => {
    const p = await newPlatform();
    const bad = await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        feeConfigs: [
          {
            feeType: "CROSS_CURRENCY_TRANSACTION",
            sourceCurrency: "EUR",
            variableFeeBps: 10,
            fixedFee: { amount: 0, currency: "EUR" },
          },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field)).toEqual([
      "feeConfigs.0.sourceCurrency",
      "feeConfigs.0.fixedFee.currency",
    ]);
    const a = await moneyCustomer(p, ["USD", "EUR"]);
    const b = await moneyCustomer(p, ["USD", "EUR"]);
    const override = { platformFixedFee: { amount: 25, currency: "USD" }, platformVariableFeeBps: 0 };
    const eur = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.EUR, b.accounts.EUR, 1_000, { platformFeeOverride: override }),
    });
    expect(eur.status).toBe(400);
    expect(eur.body.details.reason).toBe("FEE_REQUIRES_USD_SOURCE");
    const usd = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 1_000, { platformFeeOverride: override }),
    });
    expect(usd.status).toBe(201);
    expect(usd.body).toMatchObject({ feesIncluded: 25, platformFeesIncluded: 25, totalReceivingAmount: 975 });
  });

  it("limits from configuration: size 400, daily volume 429", async () => {
    const p = await newPlatform();
    await call("PATCH", "/config", {
      auth: p.auth,
      body: { limits: { transactionSizeLimitUsdCents: 5_000, dailyVolumeLimitUsdCents: 8_000 } },
    });
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 100_000);
    const big = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.USD, b.accounts.USD, 5_001) });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe("TRANSACTION_SIZE_LIMIT_EXCEEDED");
    const first = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 5_000, { immediatelyExecute: true }),
    });
    expect(first.status).toBe(201);
    const second = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 3_001, { immediatelyExecute: true }),
    });
    expect(second.status).toBe(429);
    expect(second.body.code).toBe("DAILY_VOLUME_LIMIT_EXCEEDED");
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    const fits = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 3_000, { immediatelyExecute: true }),
    });
    expect(fits.status).toBe(201);
  });

  it("an EMBEDDED_WALLET source cannot execute without a wallet signature", async () => {
    const p = await newPlatform();
    const { customer, account } = await newCustomer(p, {
      endUserTermsConsent: {
        termsVersion: "V1",
        acceptedAt: new Date().toISOString(),
        acceptanceMethod: "CHECKBOX",
        ipAddress: "127.1.2.7",
      },
      currencies: ["USDB"],
    });
    const b = await moneyCustomer(p, ["USD"]);
    expect(customer.id).toBeTruthy();
    await fund(p, account!.id, 5_000_000);
    const imm = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(account!.id, b.accounts.USD, 1_000_000, { immediatelyExecute: true }),
    });
    expect(imm.status).toBe(400);
    expect(imm.body.details.reason).toBe("WALLET_SIGNATURE_REQUIRED");
    const q = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(account!.id, b.accounts.USD, 1_000_000) });
    expect(q.status).toBe(201);
    expect(q.body.paymentInstructions[0].accountOrWalletInfo.accountType).toBe("EMBEDDED_WALLET");
    expect(q.body.totalReceivingAmount).toBe(100); // 1 USDB (6 decimals) → 1.00 USD
  });
});

describe("transfer-out / transfer-in (deprecated) and failure reasons", () => {
  it("each sandbox payout outcome gives its failure reason; debits after which the rail fails are refunded", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 100_000);
    const cases: [string, string | null][] = [
      ["789", null],
      ["002", "QUOTE_EXECUTION_FAILED"],
      ["003", "ACCOUNT_CANNOT_RECEIVE"],
      ["004", "COMPLIANCE_REJECTED"],
      ["005", "PAYOUT_RETURNED"],
      ["006", "ACCOUNT_INVALID"],
    ];
    for (const [suffix, reason] of cases) {
      const ext = await usdExternal(p, a.customer.id, suffix);
      const r = await call("POST", "/transfer-out", {
        auth: p.auth,
        body: { source: { accountId: a.accounts.USD }, destination: { accountId: ext }, amount: 1_000 },
      });
      expect(r.status, suffix).toBe(201);
      if (reason) expect(r.body, suffix).toMatchObject({ status: "FAILED", failureReason: reason });
      else expect(r.body.status).toBe("COMPLETED");
    }
    // Only the successful payout left the account.
    expect(await balance(p, a.accounts.USD)).toBe(99_000);
    const failed = await call("GET", `/transactions?status=FAILED`, { auth: p.auth });
    const reasons = failed.body.data.map((t: any) => t.failureReason).sort();
    expect(reasons).toEqual([
      "ACCOUNT_CANNOT_RECEIVE",
      "ACCOUNT_INVALID",
      "COMPLIANCE_REJECTED",
      "PAYOUT_RETURNED",
      "QUOTE_EXECUTION_FAILED",
    ]);
    for (const removed of ["EXECUTION_FAILED_POST_DEBIT", "SETTLEMENT_FAILED", "TIMEOUT", "MANUAL_REFUND"])
      expect(reasons).not.toContain(removed);
  });

  it("one Idempotency-Key rule on /quotes, /transfer-in and /transfer-out: same body replays, another body is 409 naming the key", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    const ext = await usdExternal(p, a.customer.id);
    await fund(p, a.accounts.USD, 10_000);
    const key = { "Idempotency-Key": "money-1" };
    const endpoints: [string, (amount: number) => unknown][] = [
      ["/quotes", (amount) => quoteBody(a.accounts.USD, b.accounts.USD, amount)],
      [
        "/transfer-in",
        (amount) => ({ source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount }),
      ],
      [
        "/transfer-out",
        (amount) => ({ source: { accountId: a.accounts.USD }, destination: { accountId: ext }, amount }),
      ],
    ];
    for (const [path, body] of endpoints) {
      // One key, three endpoints: each endpoint's keys are its own.
      const first = await call("POST", path, { auth: p.auth, body: body(100), headers: key });
      expect(first.status, path).toBe(201);
      const replay = await call("POST", path, { auth: p.auth, body: body(100), headers: key });
      expect(replay.status, path).toBe(201);
      expect(replay.body.id, path).toBe(first.body.id);
      const other = await call("POST", path, { auth: p.auth, body: body(101), headers: key });
      expect(other.status, path).toBe(409);
      expect(other.body.code, path).toBe("IDEMPOTENCY_KEY_REUSED");
      expect(other.body.message, path).toContain('"money-1"');
    }
    // transfer-in 100 in, transfer-out 100 out, each once; the pending quote moved nothing.
    expect(await balance(p, a.accounts.USD)).toBe(10_000);
  });

  it("transfer-in credits the internal account; one that cannot receive is refunded with events", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const ext = await usdExternal(p, a.customer.id);
    const r = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount: 700 },
      headers: { "Idempotency-Key": "in-1" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: "INCOMING", status: "COMPLETED" });
    const replay = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount: 700 },
      headers: { "Idempotency-Key": "in-1" },
    });
    expect(replay.body.id).toBe(r.body.id);
    expect(await balance(p, a.accounts.USD)).toBe(700);
    // Freeze the account (no API for it yet) and send again.
    const { default: postgres } = await import("postgres");
    const { inject } = await import("vitest");
    const sql = postgres(inject("databaseUrl"), { max: 1 });
    await sql`update internal_accounts set status = 'FROZEN' where id = ${a.accounts.USD.split(":")[1]}`;
    await sql.end();
    const frozen = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount: 300 },
    });
    // Grid's IncomingTransactionFailureReason: money that arrived and could not be credited (docs/protocol.md).
    expect(frozen.body).toMatchObject({ status: "FAILED", failureReason: "COLLECTION_FAILED" });
    expect(await balance(p, a.accounts.USD)).toBe(700);
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=INCOMING_PAYMENT.REFUND_COMPLETED", { auth: p.auth })).body
            .data.length,
      )
      .toBe(1);
    const pending = await call("GET", "/webhooks/deliveries?eventType=INCOMING_PAYMENT.REFUND_PENDING", {
      auth: p.auth,
    });
    expect(pending.body.data.length).toBe(1);
  });

  it("a refund that its source account cannot receive emits INCOMING_PAYMENT.REFUND_FAILED, not REFUND_COMPLETED", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    // Sandbox rail: an identifier ending in 003 is a closed account, so the money cannot go back to it.
    const closedSource = await usdExternal(p, a.customer.id, "003");
    const { default: postgres } = await import("postgres");
    const { inject } = await import("vitest");
    const sql = postgres(inject("databaseUrl"), { max: 1 });
    await sql`update internal_accounts set status = 'FROZEN' where id = ${a.accounts.USD.split(":")[1]}`;
    await sql.end();
    const r = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: closedSource }, destination: { accountId: a.accounts.USD }, amount: 300 },
    });
    expect(r.body).toMatchObject({ status: "FAILED", failureReason: "COLLECTION_FAILED" });
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=INCOMING_PAYMENT.REFUND_FAILED", { auth: p.auth })).body
            .data.length,
      )
      .toBe(1);
    const pending = await call("GET", "/webhooks/deliveries?eventType=INCOMING_PAYMENT.REFUND_PENDING", {
      auth: p.auth,
    });
    expect(pending.body.data.length).toBe(1);
    const completed = await call("GET", "/webhooks/deliveries?eventType=INCOMING_PAYMENT.REFUND_COMPLETED", {
      auth: p.auth,
    });
    expect(completed.body.data).toEqual([]);
  });

  it("sandbox funding: another tenant's account is 404; production platforms 403", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const other = await newPlatform();
    const r = await call("POST", `/sandbox/internal-accounts/${a.accounts.USD}/fund`, {
      auth: other.auth,
      body: { amount: 5 },
    });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe("INTERNAL_ACCOUNT_NOT_FOUND");
    const prod = await newPlatform({ environment: "PRODUCTION" });
    const pr = await call("POST", `/sandbox/internal-accounts/${a.accounts.USD}/fund`, {
      auth: prod.auth,
      body: { amount: 5 },
    });
    expect(pr.status).toBe(403);
  });
});
