import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, tempDir, type RunningServer } from "../../support/server";

/** The embedded default: no DATABASE_URL, PGlite under DATA_DIR, a sandbox demo platform printed and kept. */
describe("embedded database (PGlite) smoke", () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir("pglite-smoke-");
    server = await startServer({
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      DEMO_PLATFORM: "auto",
      LOG_LEVEL: "info",
    });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves health, creates the demo platform and answers with its credentials", async () => {
    const health = await (await fetch(`${server.url}/api/health`)).json();
    expect(health).toEqual({ status: "ok", database: "pglite" });
    const demo = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-platform.json"), "utf8"));
    // The secret goes to an interactive terminal only; here stdout is a pipe (a log), so only the file is named.
    expect(server.logs()).not.toContain(demo.clientSecret);
    const auth = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString("base64")}`;
    const cfg = await fetch(`${server.url}/api/2025-10-13/config`, { headers: { authorization: auth } });
    expect(cfg.status).toBe(200);
    expect((await cfg.json()).environment).toBe("SANDBOX");
    const created = await fetch(`${server.url}/api/2025-10-13/customers`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ customerType: "INDIVIDUAL", fullName: "Embedded", email: "e@example.com" }),
    });
    expect(created.status).toBe(201);
    // A payment's event reaches the delivery log through the webhook worker's fan-out, on PGlite as on PostgreSQL
    // (lib/server/webhooks/dispatch-outbox.ts: one statement; no endpoint is set, so the delivery is SKIPPED).
    const customer = await created.json();
    const accounts = await (
      await fetch(`${server.url}/api/2025-10-13/customers/internal-accounts?customerId=${customer.id}`, {
        headers: { authorization: auth },
      })
    ).json();
    const funded = await fetch(`${server.url}/api/2025-10-13/sandbox/internal-accounts/${accounts.data[0].id}/fund`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json" },
      body: JSON.stringify({ amount: 1000 }),
    });
    expect(funded.status).toBeLessThan(300);
    let deliveries: { eventType: string; status: string }[] = [];
    for (let i = 0; i < 100 && deliveries.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      deliveries = (
        await (
          await fetch(`${server.url}/api/2025-10-13/webhooks/deliveries`, { headers: { authorization: auth } })
        ).json()
      ).data;
    }
    expect(deliveries).toContainEqual(
      expect.objectContaining({ eventType: "INCOMING_PAYMENT.COMPLETED", status: "SKIPPED" }),
    );
    const stored = fs.readdirSync(path.join(dataDir, "pglite"));
    expect(stored.length).toBeGreaterThan(0);
  });

  it("keeps the demo platform across a restart", async () => {
    const before = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-platform.json"), "utf8"));
    await server.stop();
    server = await startServer({ DATABASE_URL: undefined, DATA_DIR: dataDir, DEMO_PLATFORM: "auto" });
    const after = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-platform.json"), "utf8"));
    expect(after.clientId).toBe(before.clientId);
    const auth = `Basic ${Buffer.from(`${after.clientId}:${after.clientSecret}`).toString("base64")}`;
    const list = await (
      await fetch(`${server.url}/api/2025-10-13/customers`, { headers: { authorization: auth } })
    ).json();
    expect(list.data.map((c: any) => c.fullName)).toContain("Embedded");
  });

  it("allows the integrator's OpenID issuer on the demo platform (README's oidc:dev recipe), once", async () => {
    const oidcEnv = {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      DEMO_PLATFORM: "auto",
      INTEGRATOR_OIDC_ISSUER: "http://localhost:4400",
      INTEGRATOR_OIDC_CLIENT_ID: "wallet-integrator",
      INTEGRATOR_OIDC_CLIENT_SECRET: "dev-secret",
    };
    const demo = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-platform.json"), "utf8"));
    const auth = `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString("base64")}`;
    for (let restart = 0; restart < 2; restart++) {
      await server.stop();
      server = await startServer(oidcEnv);
      const cfg = await (
        await fetch(`${server.url}/api/2025-10-13/config`, { headers: { authorization: auth } })
      ).json();
      expect(cfg.oidc.issuers).toEqual([{ issuer: "http://localhost:4400", audiences: ["wallet-integrator"] }]);
    }
  });

  it("a bad configuration value stops the server naming the variable", async () => {
    await expect(startServer({ DATABASE_URL: "mysql://nope", DATA_DIR: dataDir })).rejects.toThrow(/DATABASE_URL/);
  });
});
