/**
 * Issue 30 item 1 (ii), the hot account: many concurrent payments from one account. Each server instance queues them in
 * process (lib/money/account-queue.ts), so that at any moment at most one of its payments waits on the account's row
 * lock in PostgreSQL; the others wait for their turn without a connection or a backend. Without the queue, every
 * payment that reached a pooled connection waited there (up to the pool size less one).
 *
 * The row locks stay the correctness mechanism: with two instances on one database, each with its own queue, every
 * payment still succeeds exactly once and the ledger stays sound.
 *
 * Measured from PostgreSQL: each instance's connections carry their own application_name (PGAPPNAME), and a sampler
 * reads pg_stat_activity in a loop while the payments run, counting the backends of each instance that wait on a lock
 * (wait_event_type 'Lock': the transaction id of the row's holder, or the row's tuple lock). Nothing else runs on those
 * instances (workers off), so every such wait is on the hot rows.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, getDb } from "@/db/client";
import { parseId } from "@/lib/ids";
import { checkLedger } from "@/lib/ledger/ledger-check";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../support/api";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../support/money";
import type { RunningServer } from "../support/server";

const APPS = ["hot-queue-a", "hot-queue-b"];
let peers: RunningServer[] = [];
let sampler: postgres.Sql;
let p: TestPlatform;

beforeAll(async () => {
  peers = await Promise.all(
    APPS.map((app) =>
      startPeerServer({
        PGAPPNAME: app,
        // A pool large enough for many waiters: without the queue, all but one of its connections would wait.
        DATABASE_POOL_SIZE: "8",
        WEBHOOK_WORKER: "off",
        BULK_IMPORT_WORKER: "off",
        STABLECOIN_WORKER: "off",
        PLAID_WORKER: "off",
        SWEEPER: "off",
      }),
    ),
  );
  sampler = postgres(inject("databaseUrl"), { max: 1, onnotice: () => {} });
  p = await newPlatform();
  // BasicAuth verified once on each instance before the measured payments (the first verification counts an attempt
  // in a row of its own: a write that concurrent first requests of two instances could wait on).
  for (const s of peers) expect((await call("GET", "/config", { auth: p.auth, origin: s.url })).status).toBe(200);
});

afterAll(async () => {
  await Promise.all(peers.map((s) => s.stop()));
  await sampler?.end();
  await closeDb();
});

/** The most backends of each instance seen waiting on a lock at one moment, sampled until `work` settles. */
async function maxLockWaiters<T>(
  work: Promise<T>,
): Promise<{ result: T; max: Record<string, number>; samples: number }> {
  const max: Record<string, number> = Object.fromEntries(APPS.map((a) => [a, 0]));
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  let samples = 0;
  while (!done) {
    const rows = await sampler<{ app: string; n: number }[]>`
      select application_name as app, count(*)::int as n from pg_stat_activity
      where application_name = any(${APPS}) and wait_event_type = 'Lock'
      group by 1`;
    for (const r of rows) max[r.app] = Math.max(max[r.app], r.n);
    samples++;
  }
  return { result: await settled, max, samples };
}

/** `n` payments of `amount` from `source` at once through `server`: half to `internal`, half to `external`. */
function payments(
  server: RunningServer,
  source: string,
  internal: string,
  external: string,
  n: number,
  amount: number,
) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const toInternal = i % 2 === 0;
      const r = await call("POST", "/quotes", {
        auth: p.auth,
        origin: server.url,
        body: quoteBody(source, toInternal ? internal : external, amount, { immediatelyExecute: true }),
      });
      return { ...r, toInternal };
    }),
  );
}

async function expectLedgerSound() {
  process.env.DATABASE_URL = inject("databaseUrl");
  const { unbalanced, mismatched } = await checkLedger(await getDb(), parseId("Platform", p.id)!);
  expect(unbalanced).toEqual([]);
  expect(mismatched).toEqual([]);
}

describe("the hot account's queue", () => {
  it("one instance: of 48 concurrent payments from one account, at most one waits on its row lock; all succeed", async () => {
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    const external = await usdExternal(p, b.customer.id);
    await fund(p, a.accounts.USD, 1_000_000);
    // Warm-up: BasicAuth's memo and the statements prepared on the connections.
    const warm = await payments(peers[0], a.accounts.USD, b.accounts.USD, external, 8, 100);
    expect(warm.map((r) => r.status)).toEqual(Array(8).fill(201));

    const { result, max, samples } = await maxLockWaiters(
      payments(peers[0], a.accounts.USD, b.accounts.USD, external, 48, 100),
    );
    expect(result.map((r) => [r.status, r.body.status])).toEqual(Array(48).fill([201, "COMPLETED"]));
    expect(samples).toBeGreaterThan(10);
    // Without the queue: up to 7 (every pooled connection but the holder's), 2 or more seen in every run.
    expect(max[APPS[0]], `most waiters on the row lock at once (${samples} samples)`).toBeLessThanOrEqual(1);
    expect(await balance(p, a.accounts.USD)).toBe(1_000_000 - 56 * 100);
    expect(await balance(p, b.accounts.USD)).toBe(28 * 100);
    await expectLedgerSound();
  });

  it("two instances on one database: each queues its own, the row locks keep them correct together", async () => {
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    const external = await usdExternal(p, b.customer.id);
    // Enough for 60 of the 64 payments below: the last ones are refused under the lock whichever instance sends them.
    await fund(p, a.accounts.USD, 6_000);
    const { result, max } = await maxLockWaiters(
      Promise.all(peers.map((s) => payments(s, a.accounts.USD, b.accounts.USD, external, 32, 100))),
    );
    const all = result.flat();
    const paid = all.filter((r) => r.status === 201);
    const refused = all.filter((r) => r.status !== 201);
    expect(paid.map((r) => r.body.status)).toEqual(Array(60).fill("COMPLETED"));
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([400, "INSUFFICIENT_FUNDS"]));
    for (const app of APPS) expect(max[app], app).toBeLessThanOrEqual(1);
    expect(await balance(p, a.accounts.USD)).toBe(0);
    expect(await balance(p, b.accounts.USD)).toBe(paid.filter((r) => r.toInternal).length * 100);
    await expectLedgerSound();
  });
});
