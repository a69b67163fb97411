/**
 * Grid's REALTIME_FUNDING quote source, as Grid's sandbox pages run it (global-p2p/platform-tools/sandbox-testing.mdx):
 * POST /quotes with {sourceType: REALTIME_FUNDING, currency} answers the quote with its paymentInstructions, and POST
 * /sandbox/send {quoteId, currencyCode} pays it, which executes it. Offered in every currency the service moves that
 * the rails table pays out by bank, and in USDC by deposit address.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";
import { gridResponseChecker } from "../../support/grid-docs-corpus";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridQuote } from "../../support/grid-shapes/quotes";
import { loadGridDocument } from "../../support/grid-reference";
import { balance, moneyCustomer, usdExternal } from "../../support/money";
import { BANK_VARIANTS } from "@/lib/server/external-accounts/account-variants";
import { CURRENCIES } from "@/lib/server/money/currencies";

const gridDocument = await loadGridDocument();
/**
 * Grid's response checker, its quote schema compiled here before any request: compiling Grid's document blocks the
 * event loop for seconds, long enough for the server to close an idle keep-alive socket that the next call would reuse.
 */
const checker = gridDocument ? gridResponseChecker(gridDocument) : undefined;
checker?.check("POST", "/quotes", 201, {});

/** The currencies of the rails table (bank variants) that the service moves, and the stablecoin with deposit addresses. */
const FUNDED = [
  ...new Set(BANK_VARIANTS.flatMap((v) => (v.currency && v.currency in CURRENCIES ? [v.currency] : []))),
  "USDC",
];

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
    // BTC: no instant rail or deposit address here; EUR: the customer holds no EUR account.
    for (const currency of ["BTC", "EUR"]) {
      const r = await quote(currency);
      expect(r.status).toBe(400);
      expect(r.body.details.errors[0].field).toBe("source.currency");
    }
  });

  it("funds in every currency of the rails table and in USDC: Grid's instructions, paid by /sandbox/send", async () => {
    expect(FUNDED).toEqual(expect.arrayContaining(["USD", "EUR", "GBP", "MXN", "CAD", "BRL", "INR", "PHP", "NGN"]));
    const p = await newPlatform();
    const c = await moneyCustomer(p, FUNDED);
    const ext = await usdExternal(p, c.customer.id);
    for (const currency of FUNDED) {
      const q = await call("POST", "/quotes", {
        auth: p.auth,
        body: {
          source: { sourceType: "REALTIME_FUNDING", currency, customerId: c.customer.id },
          destination: { destinationType: "ACCOUNT", accountId: ext },
          lockedCurrencySide: "RECEIVING",
          lockedCurrencyAmount: 1_000,
        },
      });
      expect(q.status, `${currency}: ${JSON.stringify(q.body)}`).toBe(201);
      // Each instruction is Grid's Payment<Currency>AccountInfo or deposit wallet (ajv over Grid's OpenAPI).
      expect(checker?.check("POST", "/quotes", 201, q.body) ?? [], currency).toEqual([]);
      const infos = q.body.paymentInstructions.map(
        (i: { accountOrWalletInfo: { accountType: string } }) => i.accountOrWalletInfo,
      );
      if (currency === "USDC")
        expect(infos.map((i: { accountType: string }) => i.accountType)).toEqual(["SOLANA_WALLET", "BASE_WALLET"]);
      else
        expect(infos).toEqual([
          expect.objectContaining({ accountType: `${currency}_ACCOUNT`, reference: expect.any(String) }),
        ]);
      const sent = await call("POST", "/sandbox/send", {
        auth: p.auth,
        body: { quoteId: q.body.id, currencyCode: currency },
      });
      expect(sent.status, `${currency}: ${JSON.stringify(sent.body)}`).toBe(200);
      expect(sent.body).toMatchObject({ id: q.body.transactionId, status: "COMPLETED" });
    }
  });

  it("funds the platform's own account when no customerId is given, with no list call before", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["MXN"]);
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: {
        source: { sourceType: "REALTIME_FUNDING", currency: "MXN" },
        destination: { destinationType: "ACCOUNT", accountId: c.accounts.MXN },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10_000,
      },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.source).toEqual({ sourceType: "REALTIME_FUNDING", currency: "MXN" });
    const sent = await call("POST", "/sandbox/send", {
      auth: p.auth,
      body: { quoteId: q.body.id, currencyCode: "MXN" },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await balance(p, c.accounts.MXN)).toBe(10_000);
  });

  it("lets the platform's own account pay an UMA receiver that asks the payer's FULL_NAME: the platform's name", async () => {
    const p = await newPlatform();
    // As Grid's sandbox page sends it: a lookup and a quote without customerId or senderCustomerInfo.
    const payee = "$success.usd@sandbox.uma.money";
    const lookup = await call("GET", `/receiver/uma/${encodeURIComponent(payee)}`, { auth: p.auth });
    expect(lookup.status, JSON.stringify(lookup.body)).toBe(200);
    expect(lookup.body.requiredPayerDataFields).toContainEqual({ name: "FULL_NAME", mandatory: true });
    const q = await call("POST", "/quotes", {
      auth: p.auth,
      body: {
        lookupId: lookup.body.lookupId,
        source: { sourceType: "REALTIME_FUNDING", currency: "MXN" },
        destination: { destinationType: "UMA_ADDRESS", umaAddress: payee },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 10_000,
      },
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(q.body.paymentInstructions[0].accountOrWalletInfo.accountType).toBe("MXN_ACCOUNT");
  });
});
