/**
 * A committed event wakes a webhook worker at once (lib/server/webhooks/announce-outbox.ts): with polling set to a minute,
 * events still reach the receiver, once each. An instance that runs a worker wakes its own, with no NOTIFY (a NOTIFY
 * in every payment's transaction serialised the commits: db/commit-hooks.ts); a process without one (this test's)
 * NOTIFYs the instances' workers, a few times for a burst, not once per event. A rolled-back event never wakes anyone
 * and is never sent.
 */
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, execRows, getDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { parseId } from "@/lib/shared/ids";
import { logger } from "@/lib/shared/log/logger";
import { announceOutbox, OUTBOX_CHANNEL } from "@/lib/server/webhooks/announce-outbox";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { createTestDatabase, freePort, startServer, type RunningServer } from "../../support/server";
import { termsConsent } from "../../support/terms-consent";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

// Polling once a minute (the first poll a minute after start): within this test, only a notification can wake a worker.
const SLOW_POLL = {
  WEBHOOK_POLL_MS: "60000",
  WEBHOOK_RETRY_BASE_MS: "150",
  WEBHOOK_TIMEOUT_MS: "2000",
  DEMO_PLATFORM: "off",
  SWEEPER: "off",
};

let db: { url: string; drop: () => Promise<void> };
const servers: RunningServer[] = [];
const receivers = receiverPool();

beforeAll(async () => {
  await closeDb();
  db = await createTestDatabase("wakeup");
  process.env.DATABASE_URL = db.url;
  servers.push(await startServer({ DATABASE_URL: db.url, ...SLOW_POLL }));
  servers.push(await startServer({ DATABASE_URL: db.url, ...SLOW_POLL }));
  // The instances' workers start with their first request (lib/server/edge/startup): make one on each.
  for (const s of servers) await fetch(`${s.url}/api/health`);
});

afterAll(async () => {
  await receivers.closeAll();
  for (const s of servers) await s.stop();
  await closeDb();
  await db?.drop();
});

describe("webhook wake-up", () => {
  it("200 events committed in a burst reach the receiver once each with polling at one minute; a rolled-back event is never sent", async () => {
    const rec = await receivers.start(() => 200);
    const p = await createPlatform({ name: "wakeup", environment: "SANDBOX", settings: { webhookUrl: rec.url } });
    const platformId = parseId("Platform", p.id)!;
    const conn = await getDb();
    await conn
      .transaction(async (tx) => {
        await emitEvent(tx, testEvent, { platformId, data: { rolledBack: true } });
        throw new Error("roll back");
      })
      .catch(() => {});
    const notified = await countNotifications();
    const ids = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        conn.transaction((tx) => emitEvent(tx, testEvent, { platformId, data: { n: i } })),
      ),
    );
    await waitFor("200 deliveries", () => rec.received.length >= 200, 30_000);
    // At-least-once with SKIP LOCKED claims: each event exactly once here (no receiver failures).
    expect(new Set(rec.received.map((r) => r.eventId)).size).toBe(200);
    expect(rec.received).toHaveLength(200);
    expect(rec.received.map((r) => r.eventId).sort()).toEqual(ids.map((id) => `Webhook:${id}`).sort());
    expect(rec.received.some((r) => r.rawBody.includes("rolledBack"))).toBe(false);
    // 200 transactions, each with its event: a NOTIFY inside each (the trigger before migration 0026) sent 200.
    const notifications = await notified.stop();
    expect(notifications).toBeGreaterThan(0);
    expect(notifications).toBeLessThan(20);
    // The body is the envelope of the event as written (PostgreSQL writes it at the fan-out: lib/server/webhooks
    // dispatch-outbox.ts): its keys in the documented order, the event's data, and its creation time to the millisecond.
    const [row] = await execRows<{ type: string; data: unknown; ms: string }>(
      conn,
      sql`select type, data, floor(extract(epoch from created_at) * 1000)::text as ms from outbox_events where id = ${ids[7]}`,
    );
    const body = JSON.parse(rec.received.find((r) => r.eventId === `Webhook:${ids[7]}`)?.rawBody ?? "{}");
    expect(Object.keys(body)).toEqual(["id", "type", "timestamp", "data"]);
    expect(body).toEqual({
      id: `Webhook:${ids[7]}`,
      type: row.type,
      timestamp: new Date(Number(row.ms)).toISOString(),
      data: { n: 7 },
    });
    expect(row.data).toEqual({ n: 7 });
  });

  it("an instance's own payment wakes its own worker, with no NOTIFY", async () => {
    const rec = await receivers.start(() => 200);
    const p = await createPlatform({ name: "own wake", environment: "SANDBOX", settings: { webhookUrl: rec.url } });
    const server = servers[0];
    const auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${server.url}/api/2025-10-13${path}`, {
        method,
        headers: { authorization: auth, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(r.status, `${method} ${path}`).toBeLessThan(300);
      return r.json();
    };
    const customer = await call("POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Own Wake",
      currencies: ["USD"],
      endUserTermsConsent: termsConsent(),
    });
    const accounts = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`);
    const account = accounts.data[0].id as string;
    const notified = await countNotifications();
    const before = rec.received.length;
    const funded = await call("POST", `/sandbox/internal-accounts/${account}/fund`, { amount: 500 });
    // Polling is a minute away: only a wake-up delivers it this soon.
    await waitFor(
      "the funding's event delivered",
      () => rec.received.slice(before).some((r) => r.rawBody.includes(funded.id)),
      10_000,
    );
    await new Promise((r) => setTimeout(r, 300)); // a NOTIFY sent at the commit would have arrived by now
    expect(await notified.stop()).toBe(0);
  });

  it("a NOTIFY that fails is logged and does not stop the next one", async () => {
    // This process runs no worker, so it announces with a NOTIFY. Its database is unreachable when it does: nothing
    // listens on this port.
    await closeDb();
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${await freePort()}/unreachable`;
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    try {
      announceOutbox();
      await waitFor(
        "the failed NOTIFY logged",
        () => warn.mock.calls.some((c) => String(c[1]).includes("NOTIFY failed")),
        10_000,
      );
    } finally {
      warn.mockRestore();
      await closeDb();
      process.env.DATABASE_URL = db.url;
    }
    // The database is back: the next announcement goes out. (A failed send that left its "on its way" mark would
    // hold every later one back until the process restarts.)
    const notified = await countNotifications();
    announceOutbox();
    await waitFor("a NOTIFY after the failed one", () => notified.count() > 0, 5_000);
    expect(await notified.stop()).toBe(1);
  });
});

/** NOTIFYs on the channel that wakes the webhook workers, from now until `stop()` (which returns how many). */
async function countNotifications(): Promise<{ count: () => number; stop: () => Promise<number> }> {
  const listener = postgres(db.url, { max: 1, onnotice: () => {} });
  let n = 0;
  await listener.listen(OUTBOX_CHANNEL, () => n++);
  return {
    count: () => n,
    stop: async () => {
      await new Promise((r) => setTimeout(r, 100));
      await listener.end();
      return n;
    },
  };
}
