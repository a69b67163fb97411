/**
 * npm run bench:webhook-latency — see bench/README.md "Webhook latency".
 *
 * Two `next start` instances on one fresh PostgreSQL database (the built app in NEXT_DIST_DIR, built unless
 * SKIP_BUILD=1), both running the webhook worker with polling at WEBHOOK_POLL_MS (default 1000: the shipped default;
 * the LISTEN/NOTIFY wake-up is what makes it fast). This process commits EVENTS events (default 500) in a burst,
 * each in its own transaction through the service's own `emitEvent` (at BURST_CONCURRENCY concurrent commits), and
 * a loopback receiver notes when each arrives. Latency = arrival − the moment its COMMIT returned here (the same clock).
 * Prints p50/p95/p99/max per round, the events never received and those received more than once (both must be 0),
 * then the medians against the targets (p50 ≤ 100 ms, p99 ≤ 500 ms) with met/MISSED and the load average.
 * WEBHOOK_CONCURRENCY, when set, goes to both instances (deliveries in flight per instance; default: the shipped one).
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { closeDb, getDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { parseId } from "@/lib/shared/ids";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { testEvent } from "@/lib/server/webhooks/webhook.contract";
import { buildApp, createTestDatabase, startServer } from "../test/support/server";
import { startReceiver } from "../test/support/webhook-receiver";
import { recordFigures } from "./figures";

const EVENTS = Number(process.env.EVENTS || 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CONCURRENCY = Number(process.env.BURST_CONCURRENCY || 16);
const POLL_MS = process.env.WEBHOOK_POLL_MS || "1000";

const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((q / 100) * s.length) - 1)];
};

buildApp();
const db = await createTestDatabase("bench_hooks");
process.env.DATABASE_URL = db.url;
const common = {
  DATABASE_URL: db.url,
  DEMO_PLATFORM: "off",
  WEBHOOK_POLL_MS: POLL_MS,
  LOG_LEVEL: "info",
  SWEEPER: "off",
  BULK_IMPORT_WORKER: "off",
  // Unset: the shipped default (lib/shared/config/env.ts).
  ...(process.env.WEBHOOK_CONCURRENCY ? { WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY } : {}),
};
const a = await startServer(common);
const b = await startServer(common);
for (const s of [a, b]) await fetch(`${s.url}/api/health`);
const committedAt = new Map<string, number>();
const arrivals = new Map<string, number[]>();
const receiver = await startReceiver((r) => {
  const list = arrivals.get(r.eventId) ?? [];
  list.push(performance.now());
  arrivals.set(r.eventId, list);
  return 200;
});
const p = await createPlatform({ name: "bench-hooks", environment: "SANDBOX", settings: { webhookUrl: receiver.url } });
const platformId = parseId("Platform", p.id)!;
const conn = await getDb();

const rows = [];
try {
  for (let round = 1; round <= ROUNDS; round++) {
    committedAt.clear();
    arrivals.clear();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) {
          const n = next++;
          const id = await conn.transaction((tx) => emitEvent(tx, testEvent, { platformId, data: { round, n } }));
          committedAt.set(`Webhook:${id}`, performance.now());
        }
      }),
    );
    const burstMs = performance.now() - started;
    const deadline = Date.now() + 60_000;
    while (arrivals.size < EVENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300)); // late duplicates, if any
    const lat = [...committedAt].filter(([id]) => arrivals.has(id)).map(([id, t]) => arrivals.get(id)![0] - t);
    const dup = [...arrivals.values()].filter((l) => l.length > 1).length;
    rows.push({
      round,
      events: EVENTS,
      burstMs: Math.round(burstMs),
      received: arrivals.size,
      lost: EVENTS - arrivals.size,
      duplicates: dup,
      p50: Math.round(percentile(lat, 50)),
      p95: Math.round(percentile(lat, 95)),
      p99: Math.round(percentile(lat, 99)),
      max: Math.round(Math.max(...lat)),
    });
  }
  console.table(rows);
  const p50s = rows.map((r) => r.p50).sort((x, y) => x - y);
  const p99s = rows.map((r) => r.p99).sort((x, y) => x - y);
  const mid = Math.floor(rows.length / 2);
  const lost = rows.reduce((n, r) => n + r.lost, 0);
  const dups = rows.reduce((n, r) => n + r.duplicates, 0);
  const met = (ok: boolean) => (ok ? "met" : "MISSED");
  console.log(
    `webhook latency (${EVENTS} events, 2 instances, WEBHOOK_CONCURRENCY ${process.env.WEBHOOK_CONCURRENCY || "default"}, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}), median of ${rows.length} rounds:\n` +
      `  p50 ${p50s[mid]} ms, target ≤ 100 ms: ${met(p50s[mid] <= 100)}\n` +
      `  p99 ${p99s[mid]} ms, target ≤ 500 ms: ${met(p99s[mid] <= 500)}\n` +
      `  lost ${lost}, duplicates ${dups} (over all rounds), target 0 and 0: ${met(lost === 0 && dups === 0)}`,
  );
  recordFigures("webhook-latency", [
    { name: "commit → arrival, p50", value: p50s[mid], unit: "ms", target: "≤ 100 ms", met: p50s[mid] <= 100 },
    { name: "commit → arrival, p99", value: p99s[mid], unit: "ms", target: "≤ 500 ms", met: p99s[mid] <= 500 },
    { name: "events lost or duplicated", value: lost + dups, unit: "", target: "0", met: lost === 0 && dups === 0 },
  ]);
} finally {
  await receiver.close();
  await a.stop();
  await b.stop();
  await closeDb();
  await db.drop();
}
