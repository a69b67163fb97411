/**
 * npm run bench:tenant-fairness — see bench/README.md "Tenant fairness".
 *
 * One `next start` on a fresh PostgreSQL database (the built app in NEXT_DIST_DIR, built unless SKIP_BUILD=1), its
 * webhook worker at the shipped WEBHOOK_CONCURRENCY and WEBHOOK_PLATFORM_CONCURRENCY unless they are set here. Two
 * sandbox platforms: A's receiver answers after SLOW_MS (default 2000), B's at once. B commits QUIET_EVENTS events
 * (default 100), one every QUIET_GAP_MS (default 50), in BENCH_ROUNDS rounds (default 3) of two phases: right after
 * A has committed FLOOD_EVENTS events (default 1000) in a burst and they are fanned out into deliveries, while A's
 * backlog is pending at its receiver; then alone, once A's backlog is given up. Latency = arrival at B's receiver −
 * the moment its COMMIT returned here (the same clock). Prints per round B's p50/p99 in both phases and A's deliveries
 * still unsent after the loaded phase, then the medians against the target: B's p99 with A's backlog ≤ 2 × alone.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { parseId } from "@/lib/shared/ids";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { buildApp, createTestDatabase, startServer } from "../test/support/server";
import { startReceiver } from "../test/support/webhook-receiver";
import { recordFigures } from "./figures";

const FLOOD_EVENTS = Number(process.env.FLOOD_EVENTS || 1000);
const QUIET_EVENTS = Number(process.env.QUIET_EVENTS || 100);
const QUIET_GAP_MS = Number(process.env.QUIET_GAP_MS || 50);
const SLOW_MS = Number(process.env.SLOW_MS || 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const SETTLE_MS = Number(process.env.SETTLE_MS || 5000);

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

buildApp();
const db = await createTestDatabase("bench_fair", { durable: true });
process.env.DATABASE_URL = db.url;
const server = await startServer({
  DATABASE_URL: db.url,
  DEMO_PLATFORM: "off",
  LOG_LEVEL: "warn",
  SWEEPER: "off",
  BULK_IMPORT_WORKER: "off",
  // Longer than the slow receiver takes: its deliveries succeed, slowly.
  WEBHOOK_TIMEOUT_MS: String(Math.max(10_000, SLOW_MS * 3)),
  // Unset: the shipped defaults (lib/shared/config/env.ts, lib/server/webhooks/worker.ts).
  ...(process.env.WEBHOOK_CONCURRENCY ? { WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY } : {}),
  ...(process.env.WEBHOOK_PLATFORM_CONCURRENCY
    ? { WEBHOOK_PLATFORM_CONCURRENCY: process.env.WEBHOOK_PLATFORM_CONCURRENCY }
    : {}),
});
await fetch(`${server.url}/api/health`);
const arrivals = new Map<string, number>();
const slow = await startReceiver(async () => {
  await sleep(SLOW_MS);
  return 200;
});
const fast = await startReceiver((r) => {
  if (!arrivals.has(r.eventId)) arrivals.set(r.eventId, performance.now());
  return 200;
});
const platform = async (name: string, url: string) =>
  parseId("Platform", (await createPlatform({ name, environment: "SANDBOX", settings: { webhookUrl: url } })).id)!;
const a = await platform("bench-flooding", slow.url);
const b = await platform("bench-quiet", fast.url);
const conn = await getDb();

/** B's events, paced; returns their latencies (ms) once all arrived (or 120 s passed). */
async function quietPhase(phase: string): Promise<number[]> {
  const committed = new Map<string, number>();
  for (let n = 0; n < QUIET_EVENTS; n++) {
    const id = await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId: b, data: { phase, n } }));
    committed.set(`Webhook:${id}`, performance.now());
    await sleep(QUIET_GAP_MS);
  }
  const deadline = Date.now() + 120_000;
  while ([...committed.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) await sleep(20);
  return [...committed].filter(([id]) => arrivals.has(id)).map(([id, t]) => arrivals.get(id)! - t);
}

const unsentOfA = async () =>
  (
    await execRows<{ n: number }>(
      conn,
      sql`select count(*)::int as n from webhook_deliveries
          where platform_id = ${a}::uuid and status = 'PENDING' and attempts = 0`,
    )
  )[0].n +
  (
    await execRows<{ n: number }>(
      conn,
      sql`select count(*)::int as n from outbox_events where platform_id = ${a}::uuid and dispatched_at is null`,
    )
  )[0].n;

/** A's flood: FLOOD_EVENTS commits in a burst, then waits until all are fanned out into deliveries. */
async function flood(round: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < FLOOD_EVENTS) {
        const n = next++;
        await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId: a, data: { round, n } }));
      }
    }),
  );
  // The flood's own writes and fan-out done (its deliveries pending at its receiver's pace): what is measured is
  // whether A's backlog delays B, not how fast this machine absorbs a burst of a thousand commits.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [{ n }] = await execRows<{ n: number }>(
      conn,
      sql`select count(*)::int as n from outbox_events where platform_id = ${a}::uuid and dispatched_at is null`,
    );
    if (n === 0 || Date.now() > deadline) break;
    await sleep(100);
  }
  // And what a burst of writes leaves PostgreSQL to do afterwards (autovacuum, analyze of the two tables).
  await sleep(SETTLE_MS);
}

/** A's backlog given up (as the worker gives up after WEBHOOK_GIVE_UP_MS), and its deliveries in flight answered. */
async function dropBacklog(): Promise<void> {
  await execRows(
    conn,
    sql`update webhook_deliveries set status = 'FAILED' where platform_id = ${a}::uuid and status = 'PENDING'`,
  );
  await sleep(SLOW_MS + 1000);
}

try {
  // A few of B's first, so that connections and prepared statements are warm in both phases.
  await quietPhase("warm-up");
  // Rounds of (B with A's backlog pending, B alone right after it): the two phases of a round a few seconds apart,
  // so that the drift of a shared machine's load falls on both alike; the medians of the rounds are compared.
  interface Round {
    round: number;
    "received (loaded/alone)": string;
    "A unsent after": number;
    "p50 loaded": number;
    "p99 loaded": number;
    "p50 alone": number;
    "p99 alone": number;
    lost: number;
  }
  const rows: Round[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    await flood(round);
    const loaded = await quietPhase("loaded");
    const backlog = await unsentOfA();
    await dropBacklog();
    const unloaded = await quietPhase("unloaded");
    const p = (xs: number[], q: number) => Math.round(percentile(xs, q));
    rows.push({
      round,
      "received (loaded/alone)": `${loaded.length}/${unloaded.length} of ${QUIET_EVENTS}`,
      "A unsent after": backlog,
      "p50 loaded": p(loaded, 50),
      "p99 loaded": p(loaded, 99),
      "p50 alone": p(unloaded, 50),
      "p99 alone": p(unloaded, 99),
      lost: 2 * QUIET_EVENTS - loaded.length - unloaded.length,
    });
  }
  console.table(rows);
  const median = (k: "p99 loaded" | "p99 alone") =>
    rows.map((r) => r[k]).sort((x, y) => x - y)[Math.floor(rows.length / 2)];
  const [u, l] = [median("p99 alone"), median("p99 loaded")];
  const lost = rows.reduce((n, r) => n + r.lost, 0);
  const pending = rows.every((r) => r["A unsent after"] > 0);
  console.log(
    `tenant fairness (1 instance, WEBHOOK_CONCURRENCY ${process.env.WEBHOOK_CONCURRENCY || "default"}, ` +
      `WEBHOOK_PLATFORM_CONCURRENCY ${process.env.WEBHOOK_PLATFORM_CONCURRENCY || "default"}, A's receiver ${SLOW_MS} ms, ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}), median of ${rows.length} rounds:\n` +
      `  B's p99 alone ${u} ms, with A's ${FLOOD_EVENTS} pending ${l} ms (A's backlog still pending at each round's end: ${pending})\n` +
      `  target: p99 with A's backlog ≤ 2 × p99 alone (${2 * u} ms), none of B's lost: ${
        l <= 2 * u && lost === 0 && pending ? "met" : "MISSED"
      }`,
  );
  recordFigures("tenant-fairness", [
    { name: "B's p99 alone", value: u, unit: "ms" },
    { name: `B's p99 with A's ${FLOOD_EVENTS} pending`, value: l, unit: "ms", target: "≤ 2 × alone", met: l <= 2 * u },
    { name: "B's events lost", value: lost, unit: "", target: "0", met: lost === 0 },
  ]);
} finally {
  await slow.close();
  await fast.close();
  await server.stop();
  await closeDb();
  await db.drop();
}
