/**
 * Grid's `supportedCurrencies` of PATCH /config (docs/protocol.md "Platform configuration"): stored and shown as Grid's
 * PlatformCurrencyConfig, and enforced on quotes and transfers before anything is written: an unlisted currency, a
 * direction the list does not enable, or a sending amount outside the currency's bounds is refused naming the field.
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

const usd = { currencyCode: "USD", minAmount: 100, maxAmount: 1_000_000, enabledTransactionTypes: ["OUTGOING"] };

describe("PATCH /config supportedCurrencies", () => {
  it("is stored and shown with Grid's defaults, replaced by a later PATCH and cleared by null", async () => {
    const p = await newPlatform();
    // As Grid's ramps page sends it: no requiredCounterpartyFields, no enabledTransactionTypes on BTC.
    const r = await call("PATCH", "/config", {
      auth: p.auth,
      body: { supportedCurrencies: [usd, { currencyCode: "BTC", minAmount: 1_000, maxAmount: 10_000_000 }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.supportedCurrencies).toEqual([
      { ...usd, requiredCounterpartyFields: [] },
      {
        currencyCode: "BTC",
        minAmount: 1_000,
        maxAmount: 10_000_000,
        requiredCounterpartyFields: [],
        enabledTransactionTypes: ["OUTGOING", "INCOMING"],
      },
    ]);
    expect((await call("GET", "/config", { auth: p.auth })).body.supportedCurrencies).toEqual(
      r.body.supportedCurrencies,
    );

    const replaced = await call("PATCH", "/config", { auth: p.auth, body: { supportedCurrencies: [usd] } });
    expect(replaced.body.supportedCurrencies.map((c: { currencyCode: string }) => c.currencyCode)).toEqual(["USD"]);
    const cleared = await call("PATCH", "/config", { auth: p.auth, body: { supportedCurrencies: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.supportedCurrencies).toBeUndefined();
  });

  it("refuses a currency the service does not move, one listed twice, and bounds the wrong way round", async () => {
    const p = await newPlatform();
    const patch = (supportedCurrencies: unknown) =>
      call("PATCH", "/config", { auth: p.auth, body: { supportedCurrencies } });
    const cases: [unknown, string][] = [
      [[{ ...usd, currencyCode: "XYZ" }], "supportedCurrencies.0.currencyCode"],
      [[usd, usd], "supportedCurrencies.1.currencyCode"],
      [[{ ...usd, minAmount: 500, maxAmount: 100 }], "supportedCurrencies.0.maxAmount"],
      // Grid's CustomerInfoFieldName has POSTAL_ADDRESS, not a page's ADDRESS.
      [
        [{ ...usd, requiredCounterpartyFields: [{ name: "ADDRESS", mandatory: false }] }],
        "supportedCurrencies.0.requiredCounterpartyFields.0.name",
      ],
      [
        [{ ...usd, providerRequiredCustomerFields: ["NATIONALITY"] }],
        "supportedCurrencies.0.providerRequiredCustomerFields",
      ],
    ];
    for (const [list, field] of cases) {
      const r = await patch(list);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.details.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await call("GET", "/config", { auth: p.auth })).body.supportedCurrencies).toBeUndefined();
  });

  it("is enforced: unlisted currency, disabled direction and out-of-bounds amounts are refused before anything is written", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD", "EUR"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 100_000);
    await fund(p, a.accounts.EUR, 100_000);
    const ext = await usdExternal(p, a.customer.id);
    // Without a list every currency moves.
    const before = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.EUR, ext, 1_000) });
    expect(before.status, JSON.stringify(before.body)).toBe(201);

    const set = await call("PATCH", "/config", { auth: p.auth, body: { supportedCurrencies: [usd] } });
    expect(set.status).toBe(200);
    const refused = async (body: unknown, field: string) => {
      const r = await call("POST", "/quotes", { auth: p.auth, body });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.code).toBe("INVALID_INPUT");
      expect(r.body.details.errors[0].field).toBe(field);
    };
    await refused(quoteBody(a.accounts.EUR, ext, 1_000), "source.accountId");
    await refused(quoteBody(a.accounts.USD, ext, 50), "lockedCurrencyAmount");
    await refused(quoteBody(a.accounts.USD, ext, 2_000_000), "lockedCurrencyAmount");
    // USD is enabled OUTGOING only: a customer's USD account cannot receive.
    await refused(
      { ...quoteBody(a.accounts.USD, b.accounts.USD, 1_000), immediatelyExecute: true },
      "destination.accountId",
    );
    const transferIn = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount: 1_000 },
    });
    expect(transferIn.status, JSON.stringify(transferIn.body)).toBe(400);
    expect(transferIn.body.details.errors[0].field).toBe("destination.accountId");
    expect(await balance(p, a.accounts.USD)).toBe(100_000);
    expect(await balance(p, b.accounts.USD)).toBe(0);

    // Within the list a payment goes through.
    const ok = await call("POST", "/quotes", {
      auth: p.auth,
      body: { ...quoteBody(a.accounts.USD, ext, 1_000), immediatelyExecute: true },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });
});
