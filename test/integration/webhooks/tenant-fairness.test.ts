/**
 * One platform's slow receiver and long backlog do not hold back another platform's webhooks (lib/server/webhooks/
 * delivery-slots.ts, deliver-due.ts `claimDue`): a server of its own with four delivery slots, at most two for one
 * platform. Platform A's receiver holds every request open; A writes twenty events. Platform B's event, written after
 * all of them, must be delivered while A's receiver still holds its requests and most of A's backlog has not been sent
 * once. Claimed in time order across platforms (or with A allowed every slot), every slot would hold one of A's
 * deliveries and B's event would wait behind A's backlog for receivers that do not answer.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { parseId } from "@/lib/shared/ids";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { type OwnServer, startOwnServer } from "../../support/own-server";
import { receiverPool, waitFor } from "../../support/webhook-receiver";

const A_EVENTS = 20;

let own: OwnServer;
const receivers = receiverPool();

beforeAll(async () => {
  own = await startOwnServer("fairness", {
    WEBHOOK_CONCURRENCY: "4",
    WEBHOOK_PLATFORM_CONCURRENCY: "2",
    // Held requests never time out during the test, and only notifications and freed slots move the worker.
    WEBHOOK_TIMEOUT_MS: "120000",
    WEBHOOK_POLL_MS: "60000",
    SWEEPER: "off",
  });
  await fetch(`${own.server.url}/api/health`);
});

afterAll(async () => {
  await receivers.closeAll();
  await own?.stop();
});

describe("webhook deliveries across platforms", () => {
  it("delivers platform B's event while platform A's slow receiver still holds A's backlog", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held = 0;
    let mostHeld = 0;
    const slow = await receivers.start(async () => {
      held++;
      mostHeld = Math.max(mostHeld, held);
      await released;
      held--;
      return 200;
    });
    const fast = await receivers.start(() => 200);
    const platformId = async (name: string, url: string) =>
      parseId("Platform", (await createPlatform({ name, environment: "SANDBOX", settings: { webhookUrl: url } })).id)!;
    const a = await platformId("flooding", slow.url);
    const b = await platformId("quiet", fast.url);
    const conn = await getDb();
    const aIds: string[] = [];
    for (let n = 0; n < A_EVENTS; n++)
      aIds.push(await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId: a, data: { n } })));
    await waitFor("A's deliveries, held by its receiver", () => held >= 2);
    const bId = await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId: b, data: { n: 0 } }));

    await waitFor("B's event at B's receiver", () => fast.forEvent(`Webhook:${bId}`).length === 1);
    // A's receiver has answered nothing yet: B went ahead of A's backlog, not after it.
    expect(held).toBeGreaterThan(0);
    expect(slow.received.length).toBeLessThanOrEqual(2);
    const unsent = await conn
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.platformId, a), eq(webhookDeliveries.attempts, 0)));
    expect(unsent.length).toBeGreaterThanOrEqual(A_EVENTS - 2);

    release();
    for (const id of aIds) await waitFor(`A's event ${id}`, () => slow.forEvent(`Webhook:${id}`).length === 1);
    // A never held more than its share of the slots, and every one of its events arrived once.
    expect(mostHeld).toBe(2);
    expect(slow.received).toHaveLength(A_EVENTS);
    const [bDelivery] = await conn.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, bId));
    expect(bDelivery.status).toBe("DELIVERED");
  });
});
