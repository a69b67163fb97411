/**
 * The workers' claims go round the platforms (db/fair-pick.ts): a step of each worker, run in this process on a
 * database of its own, takes another platform's work written after one platform's long backlog in its first batch.
 * Claimed in time order, the first batches would be the backlog's alone.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, execRows, getDb } from "@/db/client";
import { bulkImportJobs, bulkImportRows, webhookDeliveries } from "@/db/schema";
import { processBulkImportBatch } from "@/lib/server/bulk-import/process-batch";
import { newUuid, parseId } from "@/lib/shared/ids";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { dispatchOutbox } from "@/lib/server/webhooks/dispatch-outbox";
import { createTestDatabase } from "../../support/server";

let drop: () => Promise<void>;
let a = "";
let b = "";

beforeAll(async () => {
  await closeDb();
  const db = await createTestDatabase("worker_fairness");
  drop = db.drop;
  process.env.DATABASE_URL = db.url;
  const platform = async (name: string) =>
    parseId(
      "Platform",
      (await createPlatform({ name, environment: "SANDBOX", settings: { webhookUrl: `http://${name}.test/hooks` } }))
        .id,
    )!;
  a = await platform("flooding");
  b = await platform("quiet");
});

afterAll(async () => {
  await closeDb();
  await drop?.();
});

describe("claims in turns across platforms", () => {
  it("the outbox fan-out dispatches B's event in the batch that takes the first of A's backlog", async () => {
    const db = await getDb();
    // A's backlog first, then B's event: their ids (UUIDv7) are in that order.
    const backlog = Array.from({ length: 300 }, () => newUuid());
    await execRows(
      db,
      sql`insert into outbox_events (id, platform_id, type, data)
          select id, ${a}::uuid, 'TEST', '{}' from unnest(${`{${backlog.join(",")}}`}::uuid[]) id`,
    );
    const bEvent = newUuid();
    await execRows(
      db,
      sql`insert into outbox_events (id, platform_id, type, data) values (${bEvent}::uuid, ${b}::uuid, 'TEST', '{}')`,
    );
    expect(await dispatchOutbox(50)).toBe(50);
    const [d] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, bEvent));
    expect(d?.status).toBe("PENDING");
    const [{ n }] = await execRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from webhook_deliveries where platform_id = ${a}::uuid`,
    );
    expect(n).toBe(49);
  });

  it("a bulk-import batch takes rows of B's job, created after A's long one", async () => {
    const db = await getDb();
    const job = async (platformId: string, rows: number) => {
      const id = newUuid();
      await db.insert(bulkImportJobs).values({ id, platformId, status: "PENDING", total: rows });
      await db.insert(bulkImportRows).values(
        Array.from({ length: rows }, (_, i) => ({
          jobId: id,
          rowNumber: i + 1,
          record: { platformCustomerId: `${platformId.slice(-6)}-${i}`, customerType: "INDIVIDUAL", fullName: "P" },
        })),
      );
      return id;
    };
    const aJob = await job(a, 300);
    const bJob = await job(b, 5);
    expect(await processBulkImportBatch(50)).toBe(50);
    const done = async (id: string) => {
      const [j] = await db.select().from(bulkImportJobs).where(eq(bulkImportJobs.id, id));
      return j.processed;
    };
    expect(await done(bJob)).toBe(5);
    expect(await done(aJob)).toBe(45);
  });
});
