/**
 * A bulk-import batch of rows that need only their customers row is one multi-row insert, not a savepoint and an
 * insert per row: counted in round trips to PostgreSQL through a loopback counting proxy, with the worker's step
 * (lib/server/bulk-import/process-batch.ts) run in this process on a database of its own. The multi-row insert's ON CONFLICT
 * must name the partial unique index's predicate; without it PostgreSQL refused every such insert and each batch fell
 * back to one customer at a time (about 100 rows a second here).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, execRows, getDb } from "@/db/client";
import { bulkImportJobs, bulkImportRows } from "@/db/schema";
import { processBulkImportBatch } from "@/lib/server/bulk-import/process-batch";
import { newUuid } from "@/lib/shared/ids";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { type CountingProxy, startCountingProxy } from "../../support/counting-proxy";
import { createTestDatabase } from "../../support/server";

let proxy: CountingProxy;
let drop: () => Promise<void>;
let platformId = "";

beforeAll(async () => {
  await closeDb();
  const db = await createTestDatabase("bulk_batch");
  drop = db.drop;
  proxy = await startCountingProxy(new URL(db.url));
  process.env.DATABASE_URL = proxy.url;
  // The first handle applies the migrations.
  await getDb();
  platformId = (await createPlatform({ name: "bulk batch", environment: "SANDBOX" })).id.replace("Platform:", "");
});

afterAll(async () => {
  await closeDb();
  await proxy?.close();
  await drop?.();
});

/** A job of `n` rows that need only their customers row (no email, no currencies). */
async function job(tag: string, n: number): Promise<string> {
  const jobId = newUuid();
  const db = await getDb();
  await db.insert(bulkImportJobs).values({ id: jobId, platformId, status: "PENDING", total: n });
  await db.insert(bulkImportRows).values(
    Array.from({ length: n }, (_, i) => ({
      jobId,
      rowNumber: i + 1,
      record: {
        umaAddress: `$${tag}${i}@uma.example.com`,
        platformCustomerId: `${tag}-${i}`,
        customerType: "INDIVIDUAL",
        fullName: `Person ${i}`,
        birthDate: "1990-01-15",
        addressLine1: "123 Main St",
        city: "San Francisco",
        state: "CA",
        postalCode: "94105",
        country: "US",
      },
    })),
  );
  return jobId;
}

async function outcome(jobId: string) {
  const db = await getDb();
  const [j] = await execRows<{ status: string; successful: number; failed: number }>(
    db,
    sql`select status, successful, failed from bulk_import_jobs where id = ${jobId}`,
  );
  const [{ n }] = await execRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from customers c join bulk_import_rows r on r.customer_id = c.id where r.job_id = ${jobId}`,
  );
  return { ...j, customers: n };
}

describe("bulk import batch", () => {
  it("200 plain rows: one batch in a handful of round trips, every row a customer", async () => {
    const jobId = await job("plain", 200);
    const before = proxy.flights();
    expect(await processBulkImportBatch(200)).toBe(200);
    const trips = proxy.flights() - before;
    // Claim, platform, one multi-row insert in its savepoint, row states, job counters, COMMIT: about 8. One
    // customer at a time took over 600 (a savepoint, an insert and a release per row).
    expect(trips).toBeLessThan(20);
    expect(await outcome(jobId)).toEqual({ status: "COMPLETED", successful: 200, failed: 0, customers: 200 });
  });

  it("a platformCustomerId already taken fails that row only, in the same multi-row insert", async () => {
    const first = await job("dup", 3);
    expect(await processBulkImportBatch(200)).toBe(3);
    expect(await outcome(first)).toMatchObject({ successful: 3, failed: 0 });
    // The same ids again, plus new ones with fresh UMA addresses.
    const second = await job("dup", 50);
    const db = await getDb();
    await execRows(
      db,
      sql`update bulk_import_rows set record = record || jsonb_build_object('umaAddress', '$again' || row_number || '@uma.example.com') where job_id = ${second}`,
    );
    const before = proxy.flights();
    expect(await processBulkImportBatch(200)).toBe(50);
    expect(proxy.flights() - before).toBeLessThan(20);
    expect(await outcome(second)).toEqual({ status: "COMPLETED", successful: 47, failed: 3, customers: 47 });
    const errors = await execRows<{ code: string }>(
      db,
      sql`select error->>'code' as code from bulk_import_rows where job_id = ${second} and state = 'FAILED'`,
    );
    expect(errors.map((e) => e.code)).toEqual(["CONFLICT", "CONFLICT", "CONFLICT"]);
  });

  it("a batch whose multi-row insert fails as a whole (an UMA address already taken) goes on one row at a time", async () => {
    const first = await job("uma", 1);
    expect(await processBulkImportBatch(200)).toBe(1);
    expect(await outcome(first)).toMatchObject({ successful: 1 });
    // Row 3 asks for the address the first job's customer holds; the other rows are new.
    const second = await job("uma2", 5);
    const db = await getDb();
    await execRows(
      db,
      sql`update bulk_import_rows set record = record || '{"umaAddress": "$uma0@uma.example.com"}'::jsonb where job_id = ${second} and row_number = 3`,
    );
    expect(await processBulkImportBatch(200)).toBe(5);
    expect(await outcome(second)).toEqual({ status: "COMPLETED", successful: 4, failed: 1, customers: 4 });
    const [failed] = await execRows<{ row_number: number; code: string; field: string }>(
      db,
      sql`select row_number, error->>'code' as code, error->'details'->>'field' as field from bulk_import_rows
          where job_id = ${second} and state = 'FAILED'`,
    );
    expect(failed).toEqual({ row_number: 3, code: "CONFLICT", field: "umaAddress" });
  });
});
