/**
 * Webhook delivery on its own database and servers (fast retry schedule via WEBHOOK_RETRY_BASE_MS):
 * signature, retries after failures, no retry on 409, two instances, a killed and restarted server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { parseId } from "@/lib/shared/ids";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { verifyWebhook } from "@/lib/sdk/webhooks";
import { createTestDatabase, startServer, type RunningServer } from "../../support/server";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

const FAST = { WEBHOOK_RETRY_BASE_MS: "150", WEBHOOK_POLL_MS: "50", WEBHOOK_TIMEOUT_MS: "1000", DEMO_PLATFORM: "off" };

let db: { url: string; drop: () => Promise<void> };
let server: RunningServer;
const extra: RunningServer[] = [];
const receivers = receiverPool();
const receiver = receivers.start;

async function platformWith(url: string | null) {
  const p = await createPlatform({ name: "hooks", environment: "SANDBOX", settings: { webhookUrl: url } });
  return {
    ...p,
    uuid: parseId("Platform", p.id)!,
    auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`,
  };
}

/** A TEST event (the catalogue's one event whose data is free), told apart by `data.label`. */
async function emit(platformUuid: string, label = "PLAIN", extra: Record<string, unknown> = {}) {
  const conn = await getDb();
  const id = await conn.transaction((tx) =>
    emitEvent(tx, testEvent, { platformId: platformUuid, data: { label, ...extra } }),
  );
  return `Webhook:${id}`;
}

async function req(base: string, method: string, path: string, auth?: string) {
  const r = await fetch(`${base}/api/2025-10-13${path}`, { method, headers: auth ? { authorization: auth } : {} });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  await closeDb();
  db = await createTestDatabase("hooks");
  process.env.DATABASE_URL = db.url;
  server = await startServer({ DATABASE_URL: db.url, ...FAST });
});

afterAll(async () => {
  await receivers.closeAll();
  for (const s of [server, ...extra]) await s?.stop();
  await closeDb();
  await db?.drop();
});

describe("webhooks", () => {
  it("publishes the public key, sends a signed TEST webhook synchronously, and logs the delivery", async () => {
    const none = await platformWith(null);
    const r0 = await req(server.url, "POST", "/sandbox/webhooks/test", none.auth);
    expect(r0.status).toBe(400);
    expect(r0.body.code).toBe("WEBHOOK_ENDPOINT_NOT_SET");

    const rec = await receiver(() => 200);
    const p = await platformWith(rec.url);
    const cfg = await req(server.url, "GET", "/config", p.auth);
    expect(cfg.body.webhookPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const sent = await req(server.url, "POST", "/webhooks/test", p.auth);
    expect(sent.status).toBe(200);
    // No response_body: a loopback receiver's answer is never handed back (it could be any local service).
    expect(sent.body).toEqual({ response_status: 200, url: rec.url });
    // Synchronous: the receiver has it when the call answers.
    expect(rec.received).toHaveLength(1);
    const got = rec.received[0];
    const env = verifyWebhook({
      rawBody: got.rawBody,
      signatureHeader: got.signature,
      publicKeyPem: cfg.body.webhookPublicKey,
    });
    expect(env).toMatchObject({ type: "TEST", data: {} });
    expect(env.timestamp).toMatch(/Z$/);

    const log = (await req(server.url, "GET", "/webhooks/deliveries", p.auth)).body.data.find(
      (d: any) => d.id === env.id,
    );
    expect(log).toMatchObject({ eventType: "TEST", status: "DELIVERED", attempts: 1, lastStatusCode: 200 });
    // The sandbox path is an alias of the same function.
    const alias = await req(server.url, "POST", "/sandbox/webhooks/test", p.auth);
    expect(alias).toMatchObject({ status: 200, body: { response_status: 200, url: rec.url } });
    // Another platform sees none of it.
    const other = await req(server.url, "GET", "/webhooks/deliveries", none.auth);
    expect(other.body.data.some((d: any) => d.id === env.id)).toBe(false);
  });

  it("a receiver failing the first 3 attempts gets the event exactly once more after recovery, validly signed", async () => {
    const rec = await receiver((_r, n) => (n <= 3 ? 500 : 200));
    const p = await platformWith(rec.url);
    const pem = (await req(server.url, "GET", "/config", p.auth)).body.webhookPublicKey;
    const id = await emit(p.uuid);
    await waitFor("4 attempts", () => rec.forEvent(id).length >= 4);
    // Several backoff periods later, still exactly 4: one success, no further sends.
    await new Promise((r) => setTimeout(r, 1500));
    const all = rec.forEvent(id);
    expect(all.length).toBe(4);
    for (const a of all) {
      expect(a.rawBody).toBe(all[0].rawBody);
      expect(verifyWebhook({ rawBody: a.rawBody, signatureHeader: a.signature, publicKeyPem: pem }).id).toBe(id);
    }
    // Exponential: the gaps grow.
    const gaps = all.slice(1).map((a, i) => a.at - all[i].at);
    expect(gaps[1]).toBeGreaterThan(gaps[0]);
    expect(gaps[2]).toBeGreaterThan(gaps[1]);
    const log = await req(server.url, "GET", `/webhooks/deliveries?eventType=TEST`, p.auth);
    expect(log.body.data[0]).toMatchObject({ id, status: "DELIVERED", attempts: 4, lastStatusCode: 200 });
    // One delivery: the envelope it sends (the same bytes every time) and each attempt with what came back.
    const one = await req(server.url, "GET", `/webhooks/deliveries/${id}`, p.auth);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, status: "DELIVERED", attempts: 4 });
    expect(one.body.payload).toEqual(JSON.parse(all[0].rawBody));
    expect(one.body.attemptLog.map((a: any) => [a.attempt, a.statusCode, a.result])).toEqual([
      [1, 500, "RETRY"],
      [2, 500, "RETRY"],
      [3, 500, "RETRY"],
      [4, 200, "DELIVERED"],
    ]);
    expect(one.body.attemptLog[0]).toMatchObject({ url: rec.url, error: "Receiver answered 500" });
    // Another platform, or an unknown id, gets a 404.
    const other = await platformWith(null);
    expect((await req(server.url, "GET", `/webhooks/deliveries/${id}`, other.auth)).status).toBe(404);
    expect(
      (await req(server.url, "GET", "/webhooks/deliveries/Webhook:00000000-0000-4000-8000-000000000000", p.auth))
        .status,
    ).toBe(404);
  });

  it("409 (duplicate) is never retried; other errors are", async () => {
    const rec = await receiver((r) => (JSON.parse(r.rawBody).data.label === "DUP" ? 409 : 503));
    const p = await platformWith(rec.url);
    const dup = await emit(p.uuid, "DUP");
    const bad = await emit(p.uuid, "BAD");
    await waitFor("BAD retried", () => rec.forEvent(bad).length >= 3);
    expect(rec.forEvent(dup).length).toBe(1);
    const log = await req(server.url, "GET", `/webhooks/deliveries?eventType=TEST`, p.auth);
    expect(log.body.data.find((d: any) => d.id === dup)).toMatchObject({
      id: dup,
      status: "DELIVERED",
      attempts: 1,
      lastStatusCode: 409,
    });
    // `failing`: the retrying delivery counts as failing (it is PENDING, not FAILED, yet its attempts failed).
    const failing = await req(server.url, "GET", "/webhooks/deliveries?failing=true", p.auth);
    expect(failing.body.data.map((d: { id: string }) => d.id)).toEqual([bad]);
    expect(failing.body.data[0]).toMatchObject({ status: "PENDING", lastStatusCode: 503 });
    expect(failing.body.totalCount).toBe(1);
    const fine = await req(server.url, "GET", "/webhooks/deliveries?failing=false", p.auth);
    expect(fine.body.data.map((d: { id: string }) => d.id)).toEqual([dup]);
    expect((await req(server.url, "GET", "/webhooks/deliveries?failing=maybe", p.auth)).status).toBe(400);
  });

  it("gives up at give_up_at (7 days after the event by default): FAILED, no further attempts", async () => {
    const rec = await receiver(() => 500);
    const p = await platformWith(rec.url);
    const id = await emit(p.uuid, "GIVE_UP");
    await waitFor("first failure", () => rec.forEvent(id).length >= 1);
    // Bring the 7-day horizon to now (the schedule itself is unit-tested in lib/sdk/webhooks.test.ts).
    const conn = await getDb();
    const { sql } = await import("drizzle-orm");
    await conn.execute(
      sql`update webhook_deliveries set give_up_at = now() + interval '200 milliseconds' where id = ${id.split(":")[1]}`,
    );
    const log = await waitFor("FAILED", async () => {
      const l = await req(server.url, "GET", `/webhooks/deliveries?eventType=TEST`, p.auth);
      return l.body.data[0]?.status === "FAILED" ? l.body.data[0] : null;
    });
    const n = rec.forEvent(id).length;
    await new Promise((r) => setTimeout(r, 1000));
    expect(rec.forEvent(id).length).toBe(n);
    expect(log).toMatchObject({ status: "FAILED", lastStatusCode: 500 });
    const failing = await req(server.url, "GET", "/webhooks/deliveries?failing=true", p.auth);
    expect(failing.body.data.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it("an event without an endpoint is skipped, and says which setting is missing", async () => {
    const p = await platformWith(null);
    const id = await emit(p.uuid, "NO_ENDPOINT");
    const row = await waitFor("skipped", async () => {
      const l = await req(server.url, "GET", "/webhooks/deliveries?eventType=TEST", p.auth);
      return l.body.data[0]?.status === "SKIPPED" ? l.body.data[0] : null;
    });
    expect(row).toMatchObject({ id, lastError: "No webhook endpoint is set (webhookEndpoint in PATCH /config)" });
    expect(JSON.stringify(row)).not.toContain("webhookUrl");
    const failing = await req(server.url, "GET", "/webhooks/deliveries?failing=true", p.auth);
    expect(failing.body.data).toEqual([]);
  });

  it("resend queues the same envelope again", async () => {
    const rec = await receiver(() => 200);
    const p = await platformWith(rec.url);
    const id = await emit(p.uuid);
    await waitFor("first", () => rec.forEvent(id).length === 1);
    const r = await req(server.url, "POST", `/webhooks/deliveries/${id}/resend`, p.auth);
    expect(r.status).toBe(200);
    await waitFor("second", () => rec.forEvent(id).length === 2);
    expect(rec.forEvent(id)[1].rawBody).toBe(rec.forEvent(id)[0].rawBody);
    const other = await platformWith(null);
    expect((await req(server.url, "POST", `/webhooks/deliveries/${id}/resend`, other.auth)).status).toBe(404);
  });

  it("two server instances on one database deliver each event exactly once", async () => {
    const second = await startServer({ DATABASE_URL: db.url, ...FAST });
    extra.push(second);
    const rec = await receiver(() => 200);
    const p = await platformWith(rec.url);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await emit(p.uuid, "MANY", { i }));
    await waitFor("all 40", () => ids.every((id) => rec.forEvent(id).length > 0), 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(ids.map((id) => rec.forEvent(id).length)).toEqual(ids.map(() => 1));
    await second.stop();
  });

  it("a server killed mid-delivery loses no event: the restarted one sends them", async () => {
    let healthy = false;
    const rec = await receiver(() => (healthy ? 200 : "hang"));
    const p = await platformWith(rec.url);
    const victim = await startServer({ DATABASE_URL: db.url, ...FAST });
    extra.push(victim);
    // The shared server must not deliver these: stop it for this test.
    await server.stop();
    const before = [await emit(p.uuid, "KILL", { n: 1 }), await emit(p.uuid, "KILL", { n: 2 })];
    await waitFor("attempts in flight", () => before.every((id) => rec.forEvent(id).length >= 1));
    victim.proc.kill("SIGKILL");
    await new Promise((r) => victim.proc.once("exit", r));
    // Events written while no server runs.
    const during = [await emit(p.uuid, "KILL", { n: 3 })];
    healthy = true;
    server = await startServer({ DATABASE_URL: db.url, ...FAST });
    const all = [...before, ...during];
    await waitFor("every event delivered after restart", () =>
      all.every((id) => rec.forEvent(id).length >= 1 && rec.forEvent(id).at(-1)!.at > 0 && healthy),
    );
    const log = await waitFor("all DELIVERED", async () => {
      const l = await req(server.url, "GET", `/webhooks/deliveries?eventType=TEST`, p.auth);
      return l.body.data.length === 3 && l.body.data.every((d: any) => d.status === "DELIVERED") ? l.body.data : null;
    });
    expect(log.length).toBe(3);
    // The two in flight at the kill were sent again (at-least-once) by the restarted server.
    for (const id of before) expect(rec.forEvent(id).length).toBeGreaterThanOrEqual(2);
  });
});
