/**
 * npm run bench:million-rows — see bench/README.md "A million rows".
 *
 * One platform's rows in the large tables the figures read (test/support/filler.ts: customers, external accounts,
 * transactions, agents; BENCH_TABLES=all seeds every large table), first 1,000 of each, then extended to BENCH_ROWS
 * (default 1,000,000) of each, then VACUUM (ANALYZE) as autovacuum would do in production. At each size, through `next start` (built into NEXT_DIST_DIR
 * unless SKIP_BUILD=1), 8 connections, BENCH_SECONDS (default 5) per figure, median of BENCH_ROUNDS (default 3), the
 * rounds of the two pages of a list alternated (page 1, deep, page 1, deep, …) so load drifts over both alike:
 *   - the agent lookup `GET /agents/me/external-accounts/{id}` (agent i reads its customer's account i);
 *   - `GET /customers` page 1 and the page after the first 90 % of the rows (keyset cursor);
 *   - `GET /transactions` page 1 and the page after the first 90 % (sortOrder=asc: the cursor walks up the ids).
 * Targets: agent lookup p50 at 1M within 20 % of 1k; deep page within 20 % of page 1 for both lists.
 * Prints each target with its ratio and met/missed, and EXPLAIN (ANALYZE, BUFFERS) of page 1, the deep page and the
 * totalCount of both lists and of the agent lookup (buffers and plan shape do not depend on the machine's load).
 */
import { createHash } from "node:crypto";
import os from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { closeDb } from "@/db/client";
import { encodeCursor } from "@/lib/server/core/pagination";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { buildApp, createTestDatabase, startServer } from "../test/support/server";
import { median } from "./bench-kit";
import { fillerAgentToken, fillerUuid, LARGE_TABLES, seedFiller } from "../test/support/filler";
import { type Figure as BenchFigure, recordFigures } from "./figures";

const TOTAL = Number(process.env.BENCH_ROWS || 1_000_000);
const SMALL = 1_000;
const DURATION = Number(process.env.BENCH_SECONDS || 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CHUNK = 100_000;
const TABLES =
  process.env.BENCH_TABLES === "all" ? LARGE_TABLES : ["customers", "external_accounts", "transactions", "agents"];

buildApp();
const db = await createTestDatabase("bench_million", { durable: true });
process.env.DATABASE_URL = db.url;
const platform = await createPlatform({ name: "Bench million", environment: "SANDBOX" });
await closeDb();
const platformId = platform.id.replace(/^Platform:/, "");
const basic = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;
const sql = postgres(db.url, { max: 2, onnotice: () => {} });
const server = await startServer({
  DATABASE_URL: db.url,
  DEMO_PLATFORM: "off",
  LOG_LEVEL: "warn",
  WEBHOOK_WORKER: "off",
  SWEEPER: "off",
});

async function settle() {
  for (const t of TABLES) await sql.unsafe(`vacuum (analyze) ${t}`);
  await sql`checkpoint`;
}

type Target = { path: string; auth: string };
type Figure = { p50: number; mean: number; p99: number; rps: number; non2xx: number };
const run = (targets: () => Target, limit: { duration: number } | { amount: number }) =>
  autocannon({
    url: server.url,
    connections: 8,
    ...limit,
    requests: [
      {
        setupRequest: (r: { path: string; headers?: Record<string, string> }) => {
          const t = targets();
          return { ...r, path: t.path, headers: { authorization: t.auth } };
        },
      },
    ],
  });

/** The figures of the targets compared with each other, their rounds alternated (a, b, a, b, …) so the machine's load drifts over both alike. */
async function figures(targets: (() => Target)[]): Promise<Figure[]> {
  const runs: Figure[][] = targets.map(() => []);
  for (const t of targets) await run(t, { amount: 500 });
  for (let i = 0; i < ROUNDS; i++) {
    for (const [k, t] of targets.entries()) {
      const m = await run(t, { duration: DURATION });
      runs[k].push({
        p50: m.latency.p50,
        mean: m.latency.mean,
        p99: m.latency.p99,
        rps: m.requests.average,
        non2xx: m.non2xx,
      });
    }
  }
  return runs.map((rs) => ({
    p50: median(rs.map((r) => r.p50)),
    mean: median(rs.map((r) => r.mean)),
    p99: median(rs.map((r) => r.p99)),
    rps: median(rs.map((r) => r.rps)),
    non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
  }));
}

const api = "/api/2025-10-13";
const lookup = (rows: number) => () => {
  const i = Math.floor(Math.random() * rows);
  return {
    path: `${api}/agents/me/external-accounts/ExternalAccount:${fillerUuid("a000", i)}`,
    auth: `Bearer ${fillerAgentToken(i)}`,
  };
};
const page = (list: "customers" | "transactions", prefix: string, afterRow?: number) => () => ({
  path: `${api}/${list}?limit=20${list === "transactions" ? "&sortOrder=asc" : ""}${afterRow === undefined ? "" : `&cursor=${encodeCursor(fillerUuid(prefix, afterRow))}`}`,
  auth: basic,
});

const results: Record<string, unknown>[] = [];
async function measureAt(rows: number) {
  const deep = Math.floor(rows * 0.9);
  const groups: [string, () => Target][][] = [
    [["agent lookup", lookup(rows)]],
    [
      ["GET /customers page 1", page("customers", "8000")],
      [`GET /customers after ${deep.toLocaleString("en")} rows`, page("customers", "8000", deep)],
    ],
    [
      ["GET /transactions page 1", page("transactions", "c000")],
      [`GET /transactions after ${deep.toLocaleString("en")} rows`, page("transactions", "c000", deep)],
    ],
  ];
  for (const group of groups) {
    const fs = await figures(group.map(([, t]) => t));
    for (const [k, [name]] of group.entries()) {
      const f = fs[k];
      results.push({
        rows,
        figure: name,
        p50: f.p50,
        mean: f.mean,
        p99: f.p99,
        rps: Math.round(f.rps),
        non2xx: f.non2xx,
      });
      console.log(
        `${rows.toLocaleString("en").padStart(9)} rows  ${name.padEnd(42)} p50 ${f.p50} ms  mean ${f.mean.toFixed(2)} ms  p99 ${f.p99} ms  ${f.rps.toFixed(0)} req/s  non-2xx ${f.non2xx}  (load ${load()})`,
      );
    }
  }
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the service sends (db/list-page.ts: the page and drizzle's $count). */
async function explain(title: string, query: string) {
  const plan = await sql.unsafe(`explain (analyze, buffers) ${query}`);
  console.log(
    `\nEXPLAIN (ANALYZE, BUFFERS) ${title}:\n  ${query}\n${plan.map((r) => `  ${r["QUERY PLAN"]}`).join("\n")}`,
  );
}

try {
  let t = Date.now();
  await seedFiller(sql, platformId, SMALL, 0, TABLES);
  await settle();
  console.log(`load average before the 1,000-row figures: ${load()}`);
  await measureAt(SMALL);
  t = Date.now();
  for (let from = SMALL; from < TOTAL; from += CHUNK) {
    await seedFiller(sql, platformId, Math.min(CHUNK, TOTAL - from), from, TABLES);
    const done = Math.min(from + CHUNK, TOTAL);
    const secs = (Date.now() - t) / 1000;
    console.log(
      `  seeded ${done.toLocaleString("en")} rows of each in ${secs.toFixed(0)} s (${Math.round(((done - SMALL) * TABLES.length) / secs).toLocaleString("en")} rows/s; load ${load()})`,
    );
  }
  console.log(
    `seeded ${TOTAL.toLocaleString("en")} rows in each of ${TABLES.length} tables (${TABLES.join(", ")}) in ${((Date.now() - t) / 1000).toFixed(0)} s after the 1,000-row figures`,
  );
  t = Date.now();
  await settle();
  console.log(
    `vacuum (analyze) in ${((Date.now() - t) / 1000).toFixed(0)} s; load average before the ${TOTAL.toLocaleString("en")}-row figures: ${load()}`,
  );
  await measureAt(TOTAL);
  const loadAfter = load();
  const deep = Math.floor(TOTAL * 0.9);
  const p = `'${platformId}'`;
  const cust = `platform_id = ${p} and deleted_at is null`;
  await explain("GET /customers page 1", `select * from customers where ${cust} order by id limit 21`);
  await explain(
    `GET /customers after ${deep.toLocaleString("en")} rows`,
    `select * from customers where ${cust} and id > '${fillerUuid("8000", deep)}' order by id limit 21`,
  );
  await explain("GET /customers totalCount", `select count(*) from customers where ${cust}`);
  await explain("GET /transactions page 1", `select * from transactions where platform_id = ${p} order by id limit 21`);
  await explain(
    `GET /transactions after ${deep.toLocaleString("en")} rows`,
    `select * from transactions where platform_id = ${p} and id > '${fillerUuid("c000", deep)}' order by id limit 21`,
  );
  await explain("GET /transactions totalCount", `select count(*) from transactions where platform_id = ${p}`);
  const k = Math.floor(TOTAL / 2);
  const digest = createHash("sha256").update(fillerAgentToken(k)).digest("hex");
  await explain(
    "agent lookup (one prepared query: AgentAuth and the account)",
    `select a.id, e.id from agents a left join external_accounts e on e.id = '${fillerUuid("a000", k)}' and e.platform_id = a.platform_id and e.customer_id = a.customer_id where a.token_digest = '${digest}' limit 1`,
  );
  const fig = (rows: number, name: string) =>
    results.find((r) => r.rows === rows && String(r.figure).startsWith(name)) as { p50: number; mean: number };
  const verdict = (ratio: number, ok: boolean) => `×${ratio.toFixed(2)} ${ok ? "met" : "MISSED"}`;
  // autocannon's percentiles are whole milliseconds: the mean (same runs) is printed beside each p50 ratio.
  const meanRatio = (a: { mean: number }, b: { mean: number }) => `mean ×${(a.mean / b.mean).toFixed(2)}`;
  const [l1, lM] = [fig(SMALL, "agent lookup"), fig(TOTAL, "agent lookup")];
  const r = lM.p50 / Math.max(l1.p50, 1);
  const figures: BenchFigure[] = [
    { name: `agent lookup p50 at ${TOTAL.toLocaleString("en")} rows`, value: lM.p50, unit: "ms" },
    { name: "agent lookup p50, 1M rows / 1k rows", value: r, unit: "×", target: "≤ 1.20", met: r <= 1.2 },
  ];
  console.log(
    `\nagent lookup p50 1,000 → ${TOTAL.toLocaleString("en")} rows: ${l1.p50} → ${lM.p50} ms: ${verdict(r, r <= 1.2)} (target ≤ ×1.20; ${meanRatio(lM, l1)})`,
  );
  for (const list of ["customers", "transactions"]) {
    const [f1, fd] = [fig(TOTAL, `GET /${list} page 1`), fig(TOTAL, `GET /${list} after`)];
    const [p1, pd] = [f1.p50, fd.p50];
    const q = pd / Math.max(p1, 1);
    figures.push({
      name: `GET /${list} deep page / page 1 at ${TOTAL.toLocaleString("en")} rows`,
      value: q,
      unit: "×",
      target: "within 20 %",
      met: q >= 1 / 1.2 && q <= 1.2,
    });
    console.log(
      `GET /${list} at ${TOTAL.toLocaleString("en")} rows: page 1 ${p1} ms, deep page ${pd} ms: ${verdict(q, q >= 1 / 1.2 && q <= 1.2)} (target within 20 %; ${meanRatio(fd, f1)})`,
    );
    const s1 = fig(SMALL, `GET /${list} page 1`).p50;
    console.log(
      `  (for scale, not a target: page 1 at 1,000 rows ${s1} ms; at ${TOTAL.toLocaleString("en")} ×${(p1 / Math.max(s1, 1)).toFixed(2)}: the exact totalCount)`,
    );
  }
  console.log(`load average after the figures: ${loadAfter}`);
  recordFigures("million-rows", figures);
} finally {
  await sql.end();
  await server.stop();
  await db.drop();
}
