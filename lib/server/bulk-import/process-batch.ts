import { eq, sql } from "drizzle-orm";
import { execRows, getDb, type Tx } from "@/db/client";
import { fairPick } from "@/db/fair-pick";
import { bulkImportJobs, customers, platforms } from "@/db/schema";
import { createCustomer, newCustomerRow } from "@/lib/server/customers/create-customer";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toPrincipal } from "@/lib/server/platforms/platform-row";
import { rowToCustomer } from "./row-to-customer";

interface Claimed {
  job_id: string;
  row_number: number;
  record: Record<string, string>;
}
interface Outcome {
  row_number: number;
  state: "SUCCEEDED" | "FAILED";
  error: Record<string, unknown> | null;
  customer_id: string | null;
}

/**
 * One step of a bulk-import worker: claim up to `limit` pending rows (FOR UPDATE SKIP LOCKED, so workers on
 * any number of instances take disjoint rows; in turns across platforms, db/fair-pick.ts), create their customers, mark the rows and move the job's
 * counters, all in one transaction. A worker killed mid-batch commits nothing; its rows are claimed again
 * once its connection is gone, so every row is applied exactly once. Returns the number of rows processed.
 */
export async function processBulkImportBatch(limit: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Candidates in turns across jobs, then across the jobs' platforms: a platform's first rows (of its jobs in
    // turn), then its second, …, so that one platform's long job, or many jobs, never hold back another's.
    const pick = fairPick({
      table: "bulk_import_rows",
      tenant: "job_id",
      pending: sql`r.state = 'PENDING'`,
      due: sql`true`,
      order: "row_number",
      columns: ["job_id"],
      perTenant: limit,
      limit: limit,
    });
    const claimed = await execRows<Claimed>(
      tx,
      sql`select r.job_id, r.row_number, r.record from (
            select c.job_id, c.ord, row_number() over (partition by j.platform_id order by c.turn, c.job_id) as turn
            from ${pick} c join bulk_import_jobs j on j.id = c.job_id) c
          join bulk_import_rows r on r.job_id = c.job_id and r.row_number = c.ord
          where r.state = 'PENDING'
          order by c.turn, c.job_id, c.ord limit ${limit} for update of r skip locked`,
    );
    const byJob = new Map<string, Claimed[]>();
    for (const r of claimed) byJob.set(r.job_id, [...(byJob.get(r.job_id) ?? []), r]);
    for (const [jobId, rows] of byJob) await applyRows(tx, jobId, rows);
    return claimed.length;
  });
}

async function applyRows(tx: Tx, jobId: string, rows: Claimed[]): Promise<void> {
  const [p] = await tx
    .select({ platform: platforms })
    .from(bulkImportJobs)
    .innerJoin(platforms, eq(platforms.id, bulkImportJobs.platformId))
    .where(eq(bulkImportJobs.id, jobId));
  const platform = toPrincipal(p.platform);
  const outcomes: Outcome[] = [];
  // Rows that need only their customers row go in one multi-row insert; the rest (a wallet to provision,
  // invalid rows) one by one through createCustomer.
  const plain: { r: Claimed; values: Awaited<ReturnType<typeof newCustomerRow>> }[] = [];
  const rest: Claimed[] = [];
  for (const r of rows) {
    const mapped = rowToCustomer(r.record);
    if (mapped.ok && !mapped.input.email && !mapped.input.currencies?.length)
      plain.push({ r, values: await newCustomerRow(platform, mapped.input) });
    else rest.push(r);
  }
  if (plain.length) {
    const inserted = await insertPlain(
      tx,
      plain.map((x) => x.values),
    );
    if (inserted) {
      for (const { r, values } of plain) {
        outcomes.push(
          inserted.has(values.id)
            ? { row_number: r.row_number, state: "SUCCEEDED", error: null, customer_id: values.id }
            : {
                row_number: r.row_number,
                ...failure(
                  r,
                  "CONFLICT",
                  `A customer with platformCustomerId ${values.platformCustomerId} already exists`,
                  { field: "platformCustomerId" },
                ),
              },
        );
      }
    } else rest.push(...plain.map((x) => x.r));
  }
  for (const r of rest) outcomes.push({ row_number: r.row_number, ...(await applyRow(tx, platform, r)) });
  await tx.execute(sql`
    update bulk_import_rows r set state = u.state, error = u.error, customer_id = u.customer_id
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as u(row_number int, state text, error jsonb, customer_id uuid)
    where r.job_id = ${jobId} and r.row_number = u.row_number`);
  const ok = outcomes.filter((o) => o.state === "SUCCEEDED").length;
  const n = outcomes.length;
  // The job row's lock orders concurrent batches of one job: the last one sees processed = total and completes it.
  await tx.execute(sql`
    update bulk_import_jobs set
      processed = processed + ${n}, successful = successful + ${ok}, failed = failed + ${n - ok},
      status = case when processed + ${n} >= total then 'COMPLETED' else 'PROCESSING' end,
      completed_at = case when processed + ${n} >= total then now() else null end,
      updated_at = now()
    where id = ${jobId}`);
}

/** The ids inserted (a platformCustomerId already taken inserts nothing), or null when the insert failed as a whole. */
async function insertPlain(tx: Tx, values: Awaited<ReturnType<typeof newCustomerRow>>[]): Promise<Set<string> | null> {
  try {
    return await tx.transaction(async (sp) => {
      const rows = await sp
        .insert(customers)
        .values(values)
        // The unique index is partial (a deleted customer's platformCustomerId may be used again): ON CONFLICT names
        // its predicate too, or PostgreSQL finds no index to arbitrate on and refuses the whole insert.
        .onConflictDoNothing({
          target: [customers.platformId, customers.platformCustomerId],
          where: sql`${customers.deletedAt} is null`,
        })
        .returning({ id: customers.id });
      return new Set(rows.map((x) => x.id));
    });
  } catch {
    return null;
  }
}

function failure(r: Claimed, code: string, message: string, details?: Record<string, unknown>) {
  const correlationId = r.record.platformCustomerId || `row ${r.row_number}`;
  return {
    state: "FAILED" as const,
    error: { correlationId, code, message, ...(details ? { details } : {}) },
    customer_id: null,
  };
}

async function applyRow(tx: Tx, platform: PlatformPrincipal, r: Claimed): Promise<Omit<Outcome, "row_number">> {
  const fail = (code: string, message: string, details?: Record<string, unknown>) => failure(r, code, message, details);
  const mapped = rowToCustomer(r.record);
  if (!mapped.ok) return fail("INVALID_INPUT", `Row ${r.row_number} is invalid`, { errors: mapped.errors });
  try {
    const c = await createCustomer(platform, mapped.input, tx);
    return { state: "SUCCEEDED", error: null, customer_id: c.id.slice(c.id.indexOf(":") + 1) };
  } catch (e) {
    // The customer's savepoint rolled back; the batch goes on.
    if (e instanceof ApiError) return fail(e.code, e.message, e.details);
    throw e;
  }
}
