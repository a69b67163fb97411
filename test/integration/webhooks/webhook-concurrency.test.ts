/**
 * The webhook worker keeps several deliveries in flight per instance (lib/server/webhooks/delivery-slots.ts,
 * WEBHOOK_CONCURRENCY): one instance, a receiver that holds the first event's request open until the second
 * event's request has arrived. The second event is committed only after the first request is being held, so it
 * can reach the receiver only if the worker claims and sends it while the first delivery is still waiting
 * for its answer. Before, the worker's step awaited every delivery it had claimed: the second event waited for
 * the first to time out, and the first was then sent again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "@/db/client";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/db/schema";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { parseId } from "@/lib/shared/ids";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { createTestDatabase, startServer, type RunningServer } from "../../support/server";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

// Polling once a minute: only notifications and freed slots move the worker. A 5 s timeout: the held request
// is answered long before it, when the worker sends the second event concurrently.
const ENV = {
  WEBHOOK_POLL_MS: "60000",
  WEBHOOK_RETRY_BASE_MS: "150",
  WEBHOOK_TIMEOUT_MS: "5000",
  DEMO_PLATFORM: "off",
  SWEEPER: "off",
};

let db: { url: string; drop: () => Promise<void> };
let server: RunningServer;
const receivers = receiverPool();

beforeAll(async () => {
  await closeDb();
  db = await createTestDatabase("concurrency");
  process.env.DATABASE_URL = db.url;
  server = await startServer({ DATABASE_URL: db.url, ...ENV });
  await fetch(`${server.url}/api/health`);
});

afterAll(async () => {
  await receivers.closeAll();
  await server?.stop();
  await closeDb();
  await db?.drop();
});

describe("webhook deliveries in flight", () => {
  it("a receiver holding one delivery open does not hold back the next one from the same instance", async () => {
    let secondArrived!: () => void;
    const second = new Promise<void>((r) => (secondArrived = r));
    let firstId = "";
    const rec = await receivers.start(async (r) => {
      if (r.eventId === firstId) {
        await second;
        return 200;
      }
      secondArrived();
      return 200;
    });
    const p = await createPlatform({ name: "in-flight", environment: "SANDBOX", settings: { webhookUrl: rec.url } });
    const platformId = parseId("Platform", p.id)!;
    const conn = await getDb();
    const id1 = await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId, data: { n: 1 } }));
    firstId = `Webhook:${id1}`;
    await waitFor("the first request, held open", () => rec.forEvent(firstId).length === 1);
    const id2 = await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId, data: { n: 2 } }));
    const delivered = async (id: string) => {
      const [d] = await conn.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      return d?.status === "DELIVERED" ? d : undefined;
    };
    const d1 = await waitFor("the first delivery", () => delivered(id1));
    const d2 = await waitFor("the second delivery", () => delivered(id2));
    // The first request was answered (after the second arrived) on its first attempt: never timed out, never sent again.
    expect(d1.attempts).toBe(1);
    expect(d2.attempts).toBe(1);
    expect(rec.forEvent(firstId)).toHaveLength(1);
    expect(rec.forEvent(`Webhook:${id2}`)).toHaveLength(1);
    const log = await conn.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.deliveryId, id1));
    expect(log.map((a) => [a.attempt, a.result])).toEqual([[1, "DELIVERED"]]);
  });

  it("keeps the connection to a receiver alive between deliveries (post-webhook.ts, one agent per checked address)", async () => {
    const rec = await receivers.start(() => 200);
    const p = await createPlatform({ name: "keep-alive", environment: "SANDBOX", settings: { webhookUrl: rec.url } });
    const platformId = parseId("Platform", p.id)!;
    const conn = await getDb();
    for (let n = 1; n <= 3; n++) {
      const id = await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId, data: { n } }));
      await waitFor(`event ${n}`, () => rec.forEvent(`Webhook:${id}`).length === 1);
    }
    expect(rec.received).toHaveLength(3);
    // One after another, well within the idle limit: the same connection carried all three.
    expect(rec.connections()).toBe(1);
  });
});
