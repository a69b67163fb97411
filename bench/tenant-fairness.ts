/**
 * npm run bench:tenant-fairness — see bench/README.md "Tenant fairness".
 *
 * One `next start` on a fresh PostgreSQL database (the built app in NEXT_DIST_DIR, built unless SKIP_BUILD=1), its
 * webhook worker at the shipped WEBHOOK_CONCURRENCY and WEBHOOK_PLATFORM_CONCURRENCY unless they are set here. Two
 * sandbox platforms: A's receiver answers after SLOW_MS (default 2000), B's at once. B commits QUIET_EVENTS events
 * (default 100), one every QUIET_GAP_MS (default 50), first alone (unloaded), then again right after A has committed
 * FLOOD_EVENTS events (default 1000) in a burst, while A's backlog is still pending. Latency = arrival at B's receiver
 * − the moment its COMMIT returned here (the same clock). Prints B's p50/p99/max in both phases, A's deliveries still
 * unsent when B's loaded phase ended, and the target: B's loaded p99 ≤ 2 × its unloaded p99.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { parseId } from "@/lib/ids";
import { createPlatform } from "@/lib/platforms/create-platform";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { testEvent } from "@/lib/webhooks/webhook.contract";
import { buildApp, createTestDatabase, startServer } from "../test/support/server";
import { startReceiver } from "../test/support/webhook-receiver";

const FLOOD_EVENTS = Number(process.env.FLOOD_EVENTS || 1000);
const QUIET_EVENTS = Number(process.env.QUIET_EVENTS || 100);
const QUIET_GAP_MS = Number(process.env.QUIET_GAP_MS || 50);
const SLOW_MS = Number(process.env.SLOW_MS || 2000);

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

buildApp();
const db = await createTestDatabase("bench_fair");
process.env.DATABASE_URL = db.url;
const server = await startServer({
  DATABASE_URL: db.url,
  DEMO_PLATFORM: "off",
  LOG_LEVEL: "warn",
  SWEEPER: "off",
  BULK_IMPORT_WORKER: "off",
  // Longer than the slow receiver takes: its deliveries succeed, slowly.
  WEBHOOK_TIMEOUT_MS: String(Math.max(10_000, SLOW_MS * 3)),
  // Unset: the shipped defaults (lib/config/env.ts, lib/webhooks/worker.ts).
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
      sql`select count(*)::int as n from webhook_deliveries where platform_id = ${a}::uuid and attempts = 0`,
    )
  )[0].n +
  (
    await execRows<{ n: number }>(
      conn,
      sql`select count(*)::int as n from outbox_events where platform_id = ${a}::uuid and dispatched_at is null`,
    )
  )[0].n;

try {
  // A few of B's first, so that connections and prepared statements are warm in both phases.
  await quietPhase("warm-up");
  const unloaded = await quietPhase("unloaded");
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < FLOOD_EVENTS) {
        const n = next++;
        await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId: a, data: { n } }));
      }
    }),
  );
  const loaded = await quietPhase("loaded");
  const backlog = await unsentOfA();
  const row = (name: string, xs: number[]) => ({
    phase: name,
    received: `${xs.length}/${QUIET_EVENTS}`,
    p50: Math.round(percentile(xs, 50)),
    p99: Math.round(percentile(xs, 99)),
    max: Math.round(Math.max(...xs)),
  });
  const rows = [row("B unloaded", unloaded), row(`B with A's ${FLOOD_EVENTS} pending`, loaded)];
  console.table(rows);
  const [u, l] = [rows[0].p99, rows[1].p99];
  console.log(
    `tenant fairness (1 instance, WEBHOOK_CONCURRENCY ${process.env.WEBHOOK_CONCURRENCY || "default"}, ` +
      `WEBHOOK_PLATFORM_CONCURRENCY ${process.env.WEBHOOK_PLATFORM_CONCURRENCY || "default"}, A's receiver ${SLOW_MS} ms, ` +
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}):\n` +
      `  B's p99 unloaded ${u} ms, with A's backlog ${l} ms (A's events still unsent at the end: ${backlog})\n` +
      `  target: loaded p99 ≤ 2 × unloaded p99 (${2 * u} ms), all of B's received: ${
        l <= 2 * u && loaded.length === QUIET_EVENTS && backlog > 0 ? "met" : "MISSED"
      }`,
  );
} finally {
  await slow.close();
  await fast.close();
  await server.stop();
  await closeDb();
  await db.drop();
}
