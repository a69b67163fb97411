/** Wire compatibility with Grid's platform configuration: GET/PATCH /config. */
import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridError, gridError400 } from "../../support/grid-shapes/common";
import { gridPlatformConfig } from "../../support/grid-shapes/config";

const fee = (variableFeeBps: number, amount: number) => ({
  feeType: "CROSS_CURRENCY_TRANSACTION",
  sourceCurrency: "USD",
  variableFeeBps,
  fixedFee: { amount, currency: "USD" },
});

/** Differences the spec or protocol.md decides. */
const CONFIG_DELIBERATE = {
  // protocol.md: `webhookEndpoint` is "string or null" (null = none set); Grid omits it instead.
  webhookEndpoint: "null until a receiver is set (protocol.md Platform configuration)",
};

describe("compat: config", () => {
  it("GET /config in Grid's PlatformConfig shape; webhookEndpoint is Grid's name, webhookUrl its deprecated alias", async () => {
    const p = await newPlatform();
    const g = await call("GET", "/config", { auth: p.auth });
    expect(g.status).toBe(200);
    expectGridShape(gridPlatformConfig, g.body, CONFIG_DELIBERATE);
    expect(g.body).toMatchObject({ webhookEndpoint: null, webhookUrl: null, feeConfigs: [] });

    // Grid's updatePlatformConfig body.
    const u = await call("PATCH", "/config", {
      auth: p.auth,
      body: { webhookEndpoint: "https://api.mycompany.example/webhooks/uma", feeConfigs: [fee(50, 25)] },
    });
    expect(u.status).toBe(200);
    expectGridShape(gridPlatformConfig, u.body);
    expect(u.body).toMatchObject({
      webhookEndpoint: "https://api.mycompany.example/webhooks/uma",
      webhookUrl: "https://api.mycompany.example/webhooks/uma",
      feeConfigs: [fee(50, 25)],
    });

    // The deprecated alias still sets it; both are returned.
    const alias = await call("PATCH", "/config", { auth: p.auth, body: { webhookUrl: "https://hooks.example.com/x" } });
    expect(alias.body).toMatchObject({
      webhookEndpoint: "https://hooks.example.com/x",
      webhookUrl: "https://hooks.example.com/x",
    });
    const both = await call("PATCH", "/config", {
      auth: p.auth,
      body: { webhookUrl: "https://a.example.com", webhookEndpoint: "https://b.example.com" },
    });
    expect(both.status).toBe(400);
    expectGridShape(gridError400, both.body);
    expect(both.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["webhookUrl"]);

    // Grid's umaDomain is kept and shown; its embeddedWalletConfig is refused by name (not built), and so is an empty
    // supportedCurrencies (null restores every currency: test/integration/platforms/platform-supported-currencies.test.ts).
    const uma = await call("PATCH", "/config", { auth: p.auth, body: { umaDomain: "mycompany.example" } });
    expect(uma.status).toBe(200);
    expect((await call("GET", "/config", { auth: p.auth })).body.umaDomain).toBe("mycompany.example");
    const refused = await call("PATCH", "/config", {
      auth: p.auth,
      body: { umaDomain: "not a domain", supportedCurrencies: [], embeddedWalletConfig: {} },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "embeddedWalletConfig",
      "supportedCurrencies",
      "umaDomain",
    ]);
  });

  it("feeConfigs: Grid's merge-by-key upsert; zero fees remove the config; a non-USD source is refused", async () => {
    const p = await newPlatform();
    await call("PATCH", "/config", { auth: p.auth, body: { feeConfigs: [fee(100, 50)] } });
    const upd = await call("PATCH", "/config", { auth: p.auth, body: { feeConfigs: [fee(75, 0)] } });
    expect(upd.body.feeConfigs).toEqual([fee(75, 0)]);
    const off = await call("PATCH", "/config", { auth: p.auth, body: { feeConfigs: [fee(0, 0)] } });
    expect(off.body.feeConfigs).toEqual([]);
    const untouched = await call("PATCH", "/config", { auth: p.auth, body: { sessionLifetimeSeconds: 600 } });
    expect(untouched.body.feeConfigs).toEqual([]);
    const eur = await call("PATCH", "/config", {
      auth: p.auth,
      body: { feeConfigs: [{ ...fee(10, 0), sourceCurrency: "EUR" }], unknownField: 1 },
    });
    expect(eur.status).toBe(400);
    expect(eur.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "feeConfigs.0.sourceCurrency",
      "unknownField",
    ]);
  });

  it("errors in Grid's shape: 401 without credentials", async () => {
    const r = await call("GET", "/config");
    expect(r.status).toBe(401);
    expectGridShape(gridError(401), r.body);
  });
});
