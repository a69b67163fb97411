/**
 * Refusals at the door, on servers of their own:
 * - A host name written with its trailing dot (`localhost.`) is the same host as without it: a production
 *   platform's OpenID issuer, key set URL or webhook endpoint there is refused at PATCH /config, as `localhost` is.
 * - A sandbox platform's POST /webhooks/test cannot tell a closed loopback port from a silent one, a reset or a
 *   name that does not resolve: each answers the same code, message and details, and so does the attempt's log.
 * - BENCH_ROUTES=1 (unauthenticated routes that lock rows) stops a production server at start-up unless
 *   BENCH_ROUTES_NOT_PRODUCTION=1 says the deployment is a bench.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startOwnServer, type OwnServer } from "../../support/own-server";
import { freePort, startServer } from "../../support/server";

let own: OwnServer;
const sockets = new Set<net.Socket>();
const listeners: net.Server[] = [];

beforeAll(async () => {
  own = await startOwnServer("doors", { WEBHOOK_TIMEOUT_MS: "600", WEBHOOK_WORKER: "off", BULK_IMPORT_WORKER: "off" });
}, 180_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const l of listeners) l.close();
  await own?.stop();
});

async function platform(environment: "SANDBOX" | "PRODUCTION", webhookUrl?: string) {
  const p = await createPlatform({
    name: `doors ${environment}`,
    environment,
    ...(webhookUrl ? { settings: { webhookUrl } } : {}),
  });
  return { ...p, auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}` };
}

async function api(auth: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${own.server.url}/api/2025-10-13${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

/** A loopback port where something listens and `onConnection` decides what the client gets. */
async function listening(onConnection: (s: net.Socket) => void): Promise<number> {
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
    onConnection(s);
  });
  listeners.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as net.AddressInfo).port;
}

describe("a host name with its trailing dot is the same host", () => {
  it("a production platform's issuer, key set and webhook endpoint at localhost. are refused at PATCH /config", async () => {
    const p = await platform("PRODUCTION");
    const r = await api(p.auth, "PATCH", "/config", {
      webhookEndpoint: "https://localhost./hooks",
      oidc: {
        issuers: [
          { issuer: "https://localhost./", audiences: ["app"] },
          { issuer: "https://accounts.example.com", audiences: ["app"], jwksUri: "https://LOCALHOST./keys" },
          { issuer: "https://sub.localhost./", audiences: ["app"] },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "oidc.issuers.0.issuer",
      "oidc.issuers.1.jwksUri",
      "oidc.issuers.2.issuer",
      "webhookEndpoint",
    ]);
    for (const e of r.body.details.errors) expect(e.message).toContain("loopback");
  });
});

describe("POST /webhooks/test: every unreachable destination looks the same", () => {
  it("closed port, silent port, reset and unresolvable name: one code, one message, one reason", async () => {
    const closed = await freePort();
    const silent = await listening(() => {});
    const reset = await listening((s) => s.resetAndDestroy());
    const urls = [
      `http://127.0.0.1:${closed}/hook`,
      `http://127.0.0.1:${silent}/hook`,
      `http://127.0.0.1:${reset}/hook`,
      "http://nothing-here.invalid/hook",
    ];
    const answers = [];
    for (const url of urls) {
      const p = await platform("SANDBOX", url);
      const r = await api(p.auth, "POST", "/webhooks/test");
      expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(400);
      const { url: echoed, ...details } = r.body.details;
      expect(echoed).toBe(url);
      answers.push({ code: r.body.code, message: r.body.message, details });
      // The attempt's log says no more than the answer.
      const list = await api(p.auth, "GET", "/webhooks/deliveries");
      expect(list.status).toBe(200);
      expect(list.body.data[0].lastError).toBe(details.reason);
    }
    expect(answers[0].code).toBe("WEBHOOK_DELIVERY_ERROR");
    for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
  }, 60_000);
});

describe("BENCH_ROUTES=1 in production", () => {
  it("stops the server at start-up, naming the variable; with BENCH_ROUTES_NOT_PRODUCTION=1 it starts", async () => {
    const base = { DATABASE_URL: own.dbUrl, DEMO_PLATFORM: "off", WEBHOOK_WORKER: "off", BULK_IMPORT_WORKER: "off" };
    await expect(startServer({ ...base, BENCH_ROUTES: "1" })).rejects.toThrow(/BENCH_ROUTES/);
    const bench = await startServer({ ...base, BENCH_ROUTES: "1", BENCH_ROUTES_NOT_PRODUCTION: "1" });
    try {
      expect((await fetch(`${bench.url}/api/bench/constant`)).status).toBe(200);
    } finally {
      await bench.stop();
    }
  }, 120_000);
});
