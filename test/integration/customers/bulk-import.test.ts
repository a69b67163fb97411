import { describe, expect, it } from "vitest";
import postgres from "postgres";
import { inject } from "vitest";
import { api, call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";

const HEADER =
  "umaAddress,platformCustomerId,customerType,fullName,birthDate,addressLine1,city,state,postalCode,country,businessLegalName";

/** `n` rows; every row whose number is in `bad` lacks its fullName (a per-row error). */
function csv(tag: string, n: number, bad: Set<number> = new Set()): string {
  const lines = [HEADER];
  for (let i = 1; i <= n; i++) {
    const name = bad.has(i) ? "" : `Person ${i}`;
    lines.push(
      i % 10 === 0
        ? `${tag}b${i}@uma.example.com,${tag}-${i},BUSINESS,,,400 Commerce Way,Austin,TX,78701,US,Acme ${i} Inc`
        : `$${tag}${i}@uma.example.com,${tag}-${i},INDIVIDUAL,${name},1990-01-15,123 Main St,San Francisco,CA,94105,US,`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function upload(base: string, p: TestPlatform, text: string) {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/csv" }), "customers.csv");
  const res = await fetch(`${base}/customers/bulk/csv`, {
    method: "POST",
    headers: { authorization: p.auth },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

async function job(p: TestPlatform, id: string) {
  return (await call("GET", `/customers/bulk/jobs/${id}`, { auth: p.auth })).body;
}

async function customersOf(platformId: string) {
  const sql = postgres(inject("databaseUrl"), { max: 1 });
  const rows =
    await sql`select platform_customer_id from customers where platform_id = ${platformId.replace("Platform:", "")}`;
  await sql.end();
  return rows.map((r) => r.platform_customer_id as string);
}

describe("bulk customer import (CSV)", () => {
  it("a 10,000-row file imports correctly, with progress visible while it runs and one error per bad row", async () => {
    const p = await newPlatform();
    const bad = new Set([17, 4_321, 9_999]);
    const up = await upload(api(), p, csv("ten", 10_000, bad));
    expect(up.status, JSON.stringify(up.body)).toBe(202);
    expect(up.body).toMatchObject({ jobId: expect.stringMatching(/^Job:/), status: "PENDING" });
    const seen: number[] = [];
    let last: any;
    // Generous: the shared 2-core test machine runs other suites at once.
    const deadline = Date.now() + 270_000;
    for (;;) {
      last = await job(p, up.body.jobId);
      seen.push(last.progress.processed);
      if (last.status === "COMPLETED" || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(last.status).toBe("COMPLETED");
    expect(last.progress).toEqual({ total: 10_000, processed: 10_000, successful: 9_997, failed: 3 });
    expect(
      seen.some((n) => n > 0 && n < 10_000),
      `progress seen: ${seen.join(",")}`,
    ).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(last.completedAt).toEqual(expect.any(String));
    expect(last.errors.map((e: any) => e.correlationId)).toEqual(["ten-17", "ten-4321", "ten-9999"]);
    expect(last.errors[0]).toMatchObject({ code: "INVALID_INPUT", details: { errors: [{ field: "fullName" }] } });
    const ids = await customersOf(p.id);
    expect(ids).toHaveLength(9_997);
    expect(new Set(ids).size).toBe(9_997);
    // Rows became ordinary customers: Grid's columns mapped to the customer's fields.
    const biz = await call("GET", "/customers?platformCustomerId=ten-20", { auth: p.auth });
    expect(biz.body.data[0]).toMatchObject({
      customerType: "BUSINESS",
      umaAddress: "$tenb20@uma.example.com",
      businessInfo: { legalName: "Acme 20 Inc" },
    });
    const ind = await call("GET", "/customers?platformCustomerId=ten-21", { auth: p.auth });
    expect(ind.body.data[0]).toMatchObject({
      fullName: "Person 21",
      birthDate: "1990-01-15",
      address: { line1: "123 Main St", country: "US" },
    });

    // Importing the same file again: every row is a duplicate platformCustomerId, reported per row.
    const again = await upload(api(), p, csv("ten", 20));
    await expect.poll(async () => (await job(p, again.body.jobId)).status, { timeout: 30_000 }).toBe("COMPLETED");
    const dup = await job(p, again.body.jobId);
    expect(dup.progress).toMatchObject({ successful: 1, failed: 19 }); // row 17 was the bad one the first time
    expect(dup.errors[0]).toMatchObject({ correlationId: "ten-1", code: "CONFLICT" });
  }, 300_000);

  it("an instance killed mid-batch: its uncommitted work is redone elsewhere and every row is created exactly once", async () => {
    const peerDb = new URL(inject("databaseUrl"));
    peerDb.searchParams.set("application_name", "bulk-import-peer");
    const peer = await startPeerServer({
      DATABASE_URL: peerDb.toString(),
      BULK_IMPORT_BATCH: "50",
      BULK_IMPORT_POLL_MS: "50",
      BULK_IMPORT_MAX_BYTES: "1000000",
    });
    const p = await newPlatform();
    // Holding the job row stops every batch of this job, on both instances, at its counter update: inside its
    // transaction, after its customers were inserted. The peer is killed there.
    const holder = postgres(inject("databaseUrl"), { max: 1 });
    const watcher = postgres(inject("databaseUrl"), { max: 1 });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let jobId = "";
    try {
      const up = await upload(`${peer.url}/api/2025-10-13`, p, csv("kill", 5_000));
      expect(up.status, JSON.stringify(up.body)).toBe(202);
      jobId = up.body.jobId;
      const held = new Promise<void>((locked) => {
        void holder.begin(async (tx) => {
          await tx`select id from bulk_import_jobs where id = ${jobId.replace("Job:", "")} for update`;
          locked();
          await released;
        });
      });
      await held;
      const blockedWorkers = async () =>
        Number(
          (
            await watcher`select count(*)::int as n from pg_stat_activity where application_name = 'bulk-import-peer' and wait_event_type = 'Lock'`
          )[0].n,
        );
      await expect.poll(blockedWorkers, { interval: 100, timeout: 60_000 }).toBeGreaterThan(0);
      expect((await job(p, jobId)).progress.processed).toBeLessThan(5_000);
      // Too large for this instance's cap: 413 before anything is stored.
      const big = await upload(`${peer.url}/api/2025-10-13`, p, csv("big", 14_000));
      expect(big).toMatchObject({ status: 413, body: { code: "PAYLOAD_TOO_LARGE" } });
    } finally {
      // The instance dies, and its connections with it (a blocked backend would notice only at its next read).
      peer.proc.kill("SIGKILL");
      await watcher`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'bulk-import-peer'`;
      release();
    }
    await expect.poll(async () => (await job(p, jobId)).status, { interval: 250, timeout: 150_000 }).toBe("COMPLETED");
    await holder.end();
    await watcher.end();
    const done = await job(p, jobId);
    expect(done.progress).toEqual({ total: 5_000, processed: 5_000, successful: 5_000, failed: 0 });
    const ids = await customersOf(p.id);
    expect(ids).toHaveLength(5_000);
    expect(new Set(ids).size).toBe(5_000);
  }, 200_000);

  it("refuses files without Grid's required columns, non-multipart bodies and unparseable CSV; B gets 404 for A's job", async () => {
    const p = await newPlatform();
    const missing = await upload(api(), p, "platformCustomerId,fullName,nickname\nx,Y,z\n");
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      "file.customerType",
      "file.nickname",
      "file.umaAddress",
    ]);
    const ragged = await upload(api(), p, `${HEADER}\n$a@b.c,a,INDIVIDUAL\n`);
    expect(ragged).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", details: { errors: [{ field: "file" }] } },
    });
    const empty = await upload(api(), p, `${HEADER}\n`);
    expect(empty.status).toBe(400);
    const json = await call("POST", "/customers/bulk/csv", { auth: p.auth, body: { file: "x" } });
    expect(json.status).toBe(415);
    const noFile = await fetch(`${api()}/customers/bulk/csv`, {
      method: "POST",
      headers: { authorization: p.auth },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);

    const ok = await upload(api(), p, csv("iso", 3));
    const b = await newPlatform();
    const other = await call("GET", `/customers/bulk/jobs/${ok.body.jobId}`, { auth: b.auth });
    expect(other).toMatchObject({ status: 404, body: { code: "BULK_UPLOAD_JOB_NOT_FOUND" } });
    expect((await call("GET", "/customers/bulk/jobs/Job:nope", { auth: p.auth })).body.code).toBe(
      "BULK_UPLOAD_JOB_NOT_FOUND",
    );
    await expect.poll(async () => (await job(p, ok.body.jobId)).status, { timeout: 30_000 }).toBe("COMPLETED");
  });
});
