/**
 * Where webhooks may go (protocol.md "Webhook endpoints: where the service may send"): refusals at
 * PATCH /config for every address family, names resolved through a loopback DNS server of the test
 * (WEBHOOK_DNS_SERVERS), the check again at delivery (DNS rebinding), the connection pinned to the
 * checked address, no redirects, the receiver's body never in the log, WEBHOOK_ALLOWED_HOSTS, and
 * POST /webhooks/test.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { parseId } from "@/lib/shared/ids";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startDns, type TestDns } from "../../support/dns-server";
import { startOwnServer, type OwnServer } from "../../support/own-server";
import type { RunningServer } from "../../support/server";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

const PUBLIC_V4 = "93.184.216.34";

let own: OwnServer;
let server: RunningServer;
let dns: TestDns;
const receivers = receiverPool();
const receiver = receivers.start;

async function platform(environment: "SANDBOX" | "PRODUCTION", webhookUrl: string | null = null) {
  const p = await createPlatform({ name: "dest", environment, settings: { webhookUrl } });
  return {
    uuid: parseId("Platform", p.id)!,
    auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`,
  };
}

async function call(method: string, path: string, auth: string, body?: unknown) {
  const r = await fetch(`${server.url}/api/2025-10-13${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined, text };
}

beforeAll(async () => {
  dns = await startDns({
    "public.test": { A: [PUBLIC_V4] },
    "internal.test": { A: ["10.1.2.3"] },
    "loop.test": { A: ["127.0.0.1"] },
    "metadata.test": { A: ["169.254.169.254"] },
    "v6loop.test": { AAAA: ["::1"] },
    "v6ula.test": { AAAA: ["fd00::5"] },
    // dns2 encodes only the hex form of a mapped address; resolvers hand it back as ::ffff:127.0.0.1.
    "mapped.test": { AAAA: ["::ffff:7f00:1"] },
    "mixed.test": { A: [PUBLIC_V4, "192.168.0.10"] },
    "allowed.test": { A: ["10.0.0.7"] },
  });
  own = await startOwnServer("dest", {
    WEBHOOK_POLL_MS: "50",
    WEBHOOK_RETRY_BASE_MS: "150",
    WEBHOOK_TIMEOUT_MS: "1500",
    WEBHOOK_DNS_SERVERS: dns.address,
    WEBHOOK_ALLOWED_HOSTS: "allowed.test, 10.9.0.0/16",
  });
  server = own.server;
});

afterAll(async () => {
  await receivers.closeAll();
  await own?.stop();
  await dns?.close();
});

const REFUSED_EVERYWHERE: [string, string][] = [
  ["file: scheme", "file:///etc/passwd"],
  ["gopher: scheme", "gopher://public.test:70/_x"],
  ["credentials in the URL", "https://user:pass@public.test/hooks"],
  ["IPv4 private 10/8", "https://10.0.0.5/hooks"],
  ["IPv4 private 172.16/12", "https://172.16.3.4/hooks"],
  ["IPv4 private 192.168/16", "https://192.168.1.1/hooks"],
  ["IPv4 link-local (cloud metadata)", "https://169.254.169.254/latest/meta-data/"],
  ["IPv4 CGNAT 100.64/10", "https://100.64.0.1/hooks"],
  ["IPv4 multicast", "https://224.0.0.1/hooks"],
  ["IPv4 unspecified", "https://0.0.0.0/hooks"],
  ["IPv4 broadcast", "https://255.255.255.255/hooks"],
  ["IPv6 unique local fc00::/7", "https://[fc00::1]/hooks"],
  ["IPv6 unique local fd00::", "https://[fd12:3456::1]/hooks"],
  ["IPv6 link-local fe80::", "https://[fe80::1]/hooks"],
  ["IPv6 unspecified", "https://[::]/hooks"],
  ["IPv6 multicast", "https://[ff02::1]/hooks"],
  ["IPv4-mapped private", "https://[::ffff:10.0.0.1]/hooks"],
  ["name resolving to 10/8", "https://internal.test/hooks"],
  ["name resolving to 169.254.169.254", "https://metadata.test/hooks"],
  ["name resolving to fd00::", "https://v6ula.test/hooks"],
  ["name with one private address among public ones", "https://mixed.test/hooks"],
];

const LOOPBACK: [string, string][] = [
  ["IPv4 loopback", "https://127.0.0.1/hooks"],
  ["IPv4 loopback 127/8", "https://127.1.2.3/hooks"],
  ["IPv4 loopback, hex form", "https://0x7f.1/hooks"],
  ["IPv4 loopback, decimal form", "https://2130706433/hooks"],
  ["IPv6 loopback", "https://[::1]/hooks"],
  ["IPv4-mapped loopback (dotted)", "https://[::ffff:127.0.0.1]/hooks"],
  ["IPv4-mapped loopback (hex)", "https://[::ffff:7f00:1]/hooks"],
  ["name resolving to 127.0.0.1", "https://loop.test/hooks"],
  ["name resolving to ::1", "https://v6loop.test/hooks"],
  ["name resolving to ::ffff:127.0.0.1", "https://mapped.test/hooks"],
];

describe("webhook destinations", () => {
  it("a production platform is refused every non-public destination at PATCH /config, naming the field", async () => {
    const p = await platform("PRODUCTION");
    const refused = [
      ...REFUSED_EVERYWHERE,
      ...LOOPBACK,
      ["http: in production", "http://public.test/hooks"] as [string, string],
    ];
    for (const [family, url] of refused) {
      const r = await call("PATCH", "/config", p.auth, { webhookEndpoint: url });
      expect(r.status, `${family}: ${url}`).toBe(400);
      expect(r.body.code, family).toBe("INVALID_INPUT");
      expect(
        r.body.details.errors.map((e: { field: string }) => e.field),
        family,
      ).toEqual(["webhookEndpoint"]);
    }
    expect((await call("GET", "/config", p.auth)).body.webhookEndpoint).toBeNull();
    // The deprecated alias is checked the same way.
    const alias = await call("PATCH", "/config", p.auth, { webhookUrl: "https://169.254.169.254/" });
    expect(alias.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["webhookUrl"]);
    // A public name, and a name that does not resolve yet (checked at each delivery), are accepted.
    for (const url of ["https://public.test/hooks", `https://${PUBLIC_V4}/hooks`, "https://not-yet.test/hooks"]) {
      const r = await call("PATCH", "/config", p.auth, { webhookEndpoint: url });
      expect(r.status, url).toBe(200);
      expect(r.body.webhookEndpoint).toBe(url);
    }
  });

  it("a sandbox platform may use http and loopback, but nothing else private", async () => {
    const p = await platform("SANDBOX");
    for (const [family, url] of LOOPBACK) {
      const r = await call("PATCH", "/config", p.auth, { webhookEndpoint: url.replace("https:", "http:") });
      expect(r.status, family).toBe(200);
    }
    for (const [family, url] of REFUSED_EVERYWHERE) {
      const r = await call("PATCH", "/config", p.auth, { webhookEndpoint: url });
      expect(r.status, `${family}: ${url}`).toBe(400);
      expect(r.body.details.errors[0].field).toBe("webhookEndpoint");
    }
  });

  it("WEBHOOK_ALLOWED_HOSTS lets a deployment reach named private receivers, and only those", async () => {
    const p = await platform("PRODUCTION");
    expect((await call("PATCH", "/config", p.auth, { webhookEndpoint: "https://allowed.test/hooks" })).status).toBe(
      200,
    );
    expect((await call("PATCH", "/config", p.auth, { webhookEndpoint: "https://10.9.1.1/hooks" })).status).toBe(200);
    expect((await call("PATCH", "/config", p.auth, { webhookEndpoint: "https://10.8.1.1/hooks" })).status).toBe(400);
  });

  it("checks the resolved address again at every delivery and connects to the address it checked", async () => {
    const rec = await receiver(() => 200);
    const port = new URL(rec.url).port;
    // First answer loopback (allowed in sandbox), then a private address: DNS rebinding.
    dns.zone.set("rebind.test", (n) => (n <= 1 ? { A: ["127.0.0.1"] } : { A: ["10.255.0.1"] }));
    const p = await platform("SANDBOX", `http://rebind.test:${port}/hooks`);
    // One resolution per attempt: the check's answer is the address the socket connects to (a second
    // lookup would have answered 10.255.0.1 and timed out).
    const first = await call("POST", "/webhooks/test", p.auth);
    expect(first.status).toBe(200);
    expect(first.body.response_status).toBe(200);
    expect(rec.received).toHaveLength(1);
    expect(dns.aQueries.get("rebind.test")).toBe(1);
    // The next delivery resolves again, sees the private address and does not connect.
    const second = await call("POST", "/webhooks/test", p.auth);
    expect(second.status).toBe(400);
    expect(second.body.code).toBe("WEBHOOK_DELIVERY_ERROR");
    expect(second.body.details.reason).toMatch(/^Destination refused: .*private/);
    expect(rec.received).toHaveLength(1);
  });

  it("a stored production URL that now resolves to loopback is refused at delivery without connecting", async () => {
    const rec = await receiver(() => 200);
    const port = new URL(rec.url).port;
    dns.zone.set("later-loop.test", { A: [PUBLIC_V4] });
    const p = await platform("PRODUCTION");
    expect(
      (await call("PATCH", "/config", p.auth, { webhookEndpoint: `https://later-loop.test:${port}/hooks` })).status,
    ).toBe(200);
    dns.zone.set("later-loop.test", { A: ["127.0.0.1"] });
    const conn = await getDb();
    await conn.execute(
      sql`insert into outbox_events (id, platform_id, type, data) values (gen_random_uuid(), ${p.uuid}, 'CUSTOMER.UPDATED', '{}'::jsonb)`,
    );
    const log = await waitFor("a failed attempt in the log", async () => {
      const l = await call("GET", "/webhooks/deliveries", p.auth);
      return l.body.data.find((d: { attempts: number; lastError?: string }) => d.attempts >= 1 && d.lastError);
    });
    expect(log.lastError).toMatch(/^Destination refused: .*loopback/);
    expect(log.lastStatusCode).toBeUndefined();
    expect(rec.received).toHaveLength(0);
  });

  it("does not follow redirects, and the log shows the receiver's status, never its body", async () => {
    const target = await receiver(() => 200);
    const redirecting = await receiver(() => ({ status: 307, headers: { location: target.url }, body: "moved" }));
    const p = await platform("SANDBOX", redirecting.url);
    const r = await call("POST", "/webhooks/test", p.auth);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ response_status: 307, url: redirecting.url });
    expect(target.received).toHaveLength(0);

    const failing = await receiver(() => ({ status: 500, body: "db password is hunter2 at 10.0.0.3:5432" }));
    const q = await platform("SANDBOX", failing.url);
    const f = await call("POST", "/webhooks/test", q.auth);
    expect(f.body).toEqual({ response_status: 500, url: failing.url });
    const l = await call("GET", "/webhooks/deliveries", q.auth);
    expect(l.body.data[0]).toMatchObject({
      eventType: "TEST",
      lastStatusCode: 500,
      lastError: "Receiver answered 500",
    });
    expect(l.text + f.text).not.toContain("hunter2");
    expect(server.logs()).not.toContain("hunter2");
  });

  it("a TEST webhook that fails is retried like any event until the receiver accepts it", async () => {
    const rec = await receiver((_r, n) => (n === 1 ? 503 : 200));
    const p = await platform("SANDBOX", rec.url);
    const r = await call("POST", "/webhooks/test", p.auth);
    expect(r.body.response_status).toBe(503);
    const done = await waitFor("the retry delivered", async () => {
      const l = await call("GET", "/webhooks/deliveries", p.auth);
      return l.body.data.find((d: { status: string }) => d.status === "DELIVERED");
    });
    expect(done).toMatchObject({ eventType: "TEST", attempts: 2, lastStatusCode: 200 });
    expect(rec.received.map((x) => x.eventId)).toEqual([rec.received[0].eventId, rec.received[0].eventId]);
  });

  it("POST /webhooks/test answers 400 naming the reason when nothing answered", async () => {
    const p = await platform("SANDBOX", "http://internal.test/hooks");
    const r = await call("POST", "/webhooks/test", p.auth);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "WEBHOOK_DELIVERY_ERROR", details: { url: "http://internal.test/hooks" } });
  });
});
