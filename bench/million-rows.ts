/**
 * npm run bench:million-rows — see bench/README.md "A million rows".
 *
 * One platform's rows in every large table (test/support/filler.ts: customers, internal and external accounts,
 * quotes, transactions, ledger entries, outbox events, webhook deliveries, agents), first 1,000 of each, then
 * extended to BENCH_ROWS (default 1,000,000) of each. At each size, through `next start` (built into NEXT_DIST_DIR
 * unless SKIP_BUILD=1), 8 connections, BENCH_SECONDS (default 5) per figure, median of BENCH_ROUNDS (default 3):
 *   - the agent lookup `GET /agents/me/external-accounts/{id}` (agent i reads its customer's account i);
 *   - `GET /customers` page 1 and the page after the first 90 % of the rows (keyset cursor);
 *   - `GET /transactions` page 1 and the page after the first 90 % (sortOrder=asc: the cursor walks up the ids).
 * Targets (issue 18): agent lookup p50 at 1M within 20 % of 1k; deep page within 20 % of page 1 for both lists.
 * Also prints EXPLAIN (ANALYZE, BUFFERS) of the deep customers page.
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { closeDb } from "@/db/client";
import { encodeCursor } from "@/lib/api-core/pagination";
import { createPlatform } from "@/lib/platforms/create-platform";
import { buildApp, createTestDatabase, startServer } from "../test/support/server";
import { median } from "./bench-kit";
import { fillerAgentToken, fillerUuid, LARGE_TABLES, seedFiller } from "../test/support/filler";

const TOTAL = Number(process.env.BENCH_ROWS || 1_000_000);
const SMALL = 1_000;
const DURATION = Number(process.env.BENCH_SECONDS || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CHUNK = 100_000;

buildApp();
const db = await createTestDatabase("bench_million");
process.env.DATABASE_URL = db.url;
const platform = await createPlatform({ name: "Bench million", environment: "SANDBOX" });
await closeDb();
const platformId = platform.id.replace(/^Platform:/, "");
const basic = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;
const sql = postgres(db.url, { max: 2, onnotice: () => {} });
const server = await startServer({ DATABASE_URL: db.url, DEMO_PLATFORM: "off", LOG_LEVEL: "warn", WEBHOOK_WORKER: "off", SWEEPER: "off" });

async function settle() {
  for (const t of LARGE_TABLES) await sql.unsafe(`vacuum (analyze) ${t}`);
  await sql`checkpoint`;
}

type Target = { path: string; auth: string };
async function figure(targets: () => Target): Promise<{ p50: number; p99: number; rps: number; non2xx: number }> {
  const runs = [];
  await autocannon({ url: server.url, connections: 8, amount: 500, requests: [{ setupRequest: (r: { path: string; headers?: Record<string, string> }) => { const t = targets(); return { ...r, path: t.path, headers: { authorization: t.auth } }; } }] });
  for (let i = 0; i < ROUNDS; i++) {
    const m = await autocannon({
      url: server.url,
      connections: 8,
      duration: DURATION,
      requests: [{ setupRequest: (r: { path: string; headers?: Record<string, string> }) => { const t = targets(); return { ...r, path: t.path, headers: { authorization: t.auth } }; } }],
    });
    runs.push({ p50: m.latency.p50, p99: m.latency.p99, rps: m.requests.average, non2xx: m.non2xx });
  }
  return { p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)), rps: median(runs.map((r) => r.rps)), non2xx: runs.reduce((n, r) => n + r.non2xx, 0) };
}

const api = "/api/2025-10-13";
const lookup = (rows: number) => () => {
  const i = Math.floor(Math.random() * rows);
  return { path: `${api}/agents/me/external-accounts/ExternalAccount:${fillerUuid("a000", i)}`, auth: `Bearer ${fillerAgentToken(i)}` };
};
const page = (list: "customers" | "transactions", prefix: string, afterRow?: number) => () => ({
  path: `${api}/${list}?limit=20${list === "transactions" ? "&sortOrder=asc" : ""}${afterRow === undefined ? "" : `&cursor=${encodeCursor(fillerUuid(prefix, afterRow))}`}`,
  auth: basic,
});

const results: Record<string, unknown>[] = [];
async function measureAt(rows: number) {
  const deep = Math.floor(rows * 0.9);
  for (const [name, t] of [
    ["agent lookup", lookup(rows)],
    ["GET /customers page 1", page("customers", "8000")],
    [`GET /customers after ${deep.toLocaleString("en")} rows`, page("customers", "8000", deep)],
    ["GET /transactions page 1", page("transactions", "c000")],
    [`GET /transactions after ${deep.toLocaleString("en")} rows`, page("transactions", "c000", deep)],
  ] as const) {
    const f = await figure(t);
    results.push({ rows, figure: name, p50: f.p50, p99: f.p99, rps: Math.round(f.rps), non2xx: f.non2xx });
    console.log(`${rows.toLocaleString("en").padStart(9)} rows  ${name.padEnd(42)} p50 ${f.p50} ms  p99 ${f.p99} ms  ${f.rps.toFixed(0)} req/s  non-2xx ${f.non2xx}`);
  }
}

try {
  let t = Date.now();
  await seedFiller(sql, platformId, SMALL);
  await settle();
  await measureAt(SMALL);
  for (let from = SMALL; from < TOTAL; from += CHUNK) await seedFiller(sql, platformId, Math.min(CHUNK, TOTAL - from), from);
  console.log(`seeded ${TOTAL.toLocaleString("en")} rows in each of ${LARGE_TABLES.length} tables in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  t = Date.now();
  await settle();
  console.log(`vacuum (analyze) in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  await measureAt(TOTAL);
  const deep = Math.floor(TOTAL * 0.9);
  const plan = await sql.unsafe(
    `explain (analyze, buffers) select * from customers where platform_id = '${platformId}' and id > '${fillerUuid("8000", deep)}' order by id limit 21`,
  );
  console.log("\nEXPLAIN of the deep customers page:\n" + plan.map((r) => r["QUERY PLAN"]).join("\n"));
  const count = await sql.unsafe(`explain (analyze, buffers) select count(*) from customers where platform_id = '${platformId}'`);
  console.log("\nEXPLAIN of its totalCount:\n" + count.map((r) => r["QUERY PLAN"]).join("\n"));
  const fig = (rows: number, name: string) => results.find((r) => r.rows === rows && String(r.figure).startsWith(name)) as { p50: number };
  const ratio = (a: number, b: number) => (a / Math.max(b, 1)).toFixed(2);
  const lk = [fig(SMALL, "agent lookup").p50, fig(TOTAL, "agent lookup").p50];
  console.log(`\nagent lookup p50 1k → ${TOTAL.toLocaleString("en")}: ${lk[0]} → ${lk[1]} ms (×${ratio(lk[1], lk[0])}; target ≤ 1.20)`);
  for (const list of ["customers", "transactions"]) {
    const p1 = fig(TOTAL, `GET /${list} page 1`).p50;
    const pd = fig(TOTAL, `GET /${list} after`).p50;
    console.log(`GET /${list} at ${TOTAL.toLocaleString("en")}: page 1 ${p1} ms, deep page ${pd} ms (×${ratio(pd, p1)}; target within 20 %)`);
  }
  console.log(`load average at the end: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")}`);
} finally {
  await sql.end();
  await server.stop();
  await db.drop();
}
