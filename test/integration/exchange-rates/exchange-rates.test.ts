import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";

describe("exchange rates", () => {
  it("come from the sandbox table, include the platform's fees and are cached", async () => {
    const p = await newPlatform();
    await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        feeConfigs: [
          {
            feeType: "CROSS_CURRENCY_TRANSACTION",
            sourceCurrency: "USD",
            variableFeeBps: 200,
            fixedFee: { amount: 0, currency: "USD" },
          },
        ],
      },
    });
    const r1 = await call("GET", "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR&sendingAmount=10000", {
      auth: p.auth,
    });
    expect(r1.status).toBe(200);
    expect(r1.body.data[0]).toMatchObject({ exchangeRate: 0.92, fees: { variableBps: 200 }, receivingAmount: 9016 });
    const r2 = await call("GET", "/exchange-rates?sourceCurrency=USD&destinationCurrency=EUR", { auth: p.auth });
    expect(r2.body.data[0].updatedAt).toBe(r1.body.data[0].updatedAt);
    const ttl = Date.parse(r1.body.data[0].expiresAt) - Date.parse(r1.body.data[0].updatedAt);
    expect(ttl).toBe(300_000);
    const all = await call("GET", "/exchange-rates", { auth: p.auth });
    expect(all.body.data.map((x: any) => x.destinationCurrency.code)).toContain("MXN");
    const bad = await call("GET", "/exchange-rates?sourceCurrency=usd", { auth: p.auth });
    expect(bad.status).toBe(400);
  });
});
