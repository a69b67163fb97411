/**
 * npm run bench:agent-lookup — see bench/README.md.
 *
 * Seeds two fresh PostgreSQL databases, each with 1,000 customers and one agent per customer, one with
 * 1,000 external accounts and one with 100,000, and measures at 32 connections with autocannon:
 *   (a) GET /agents/me/external-accounts/{id} on `next start`,
 *   (b) an empty route handler of the same build returning constant JSON (the framework's ceiling),
 *   (c) a bare node:http server doing the work of (a) (the floor).
 * Prints requests/s, p50/p99 and the ratios a/b and a/c; the targets are checked and reported.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { alternatingRounds, CONNECTIONS, median, type RoundResult, type ServerProbe } from "./bench-kit";
import {
  buildApp,
  createTestDatabase,
  DIST_DIR,
  freePort,
  PG_ADMIN_URL,
  ROOT,
  startServer,
} from "../test/support/server";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { closeDb } from "@/db/client";
import { recordFigures } from "./figures";

const DURATION = Number(process.env.BENCH_SECONDS || 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP || 3000);
const P99_RATIO_TARGET = 1.15;
const PROBE = process.env.BENCH_PROBE !== "0";
const CUSTOMERS = 1000;
const ACCOUNTS = 100_000;

const token = (i: number) => `gat_${createHash("sha256").update(`bench-agent-${i}`).digest("hex").slice(0, 40)}`;

/** Customers i in [from, to) of the platform, each with one agent (MANAGE_EXTERNAL_ACCOUNTS) whose token is token(i). */
async function loadCustomersAndAgents(sql: postgres.Sql, platformId: string) {
  await sql`
    insert into customers (id, platform_id, platform_customer_id, customer_type, email, uma_address, kyc_status, profile)
    select ('00000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, ${platformId}, 'bench-' || i, 'INDIVIDUAL',
           'bench' || i || '@example.com', '$bench' || i || '@example.com', 'APPROVED', '{"fullName":"Bench User"}'::jsonb
    from generate_series(0, ${CUSTOMERS - 1}::int) i`;
  await sql`
    insert into agents (id, platform_id, customer_id, name, policy, permissions, token_digest, connected_at)
    select ('00000000-0000-7000-9000-' || lpad(to_hex(i), 12, '0'))::uuid, ${platformId},
           ('00000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'bench agent ' || i,
           '{"permissions":["MANAGE_EXTERNAL_ACCOUNTS"],"defaultExecutionMode":"AUTO","spendingLimits":{"currency":"USD","perTransactionLimit":100000}}'::jsonb,
           array['MANAGE_EXTERNAL_ACCOUNTS'],
           encode(sha256(convert_to('gat_' || substr(encode(sha256(convert_to('bench-agent-' || i, 'UTF8')), 'hex'), 1, 40), 'UTF8')), 'hex'),
           now()
    from generate_series(0, ${CUSTOMERS - 1}::int) i`;
}

/** External accounts n in [from, to): account n belongs to customer n % 1000; ids are uuids built from n. */
const accountUuid = (n: number) => `00000000-0000-7000-a000-${n.toString(16).padStart(12, "0")}`;
async function loadAccounts(sql: postgres.Sql, platformId: string, from: number, to: number) {
  await sql`
    insert into external_accounts (id, platform_id, customer_id, status, currency, account_type, account_info, identity_key,
                                   beneficiary_verification_status, beneficiary_verified_name)
    select ('00000000-0000-7000-a000-' || lpad(to_hex(n), 12, '0'))::uuid, ${platformId},
           ('00000000-0000-7000-8000-' || lpad(to_hex(n % ${CUSTOMERS}::int), 12, '0'))::uuid, 'ACTIVE', 'USD', 'USD_ACCOUNT',
           jsonb_build_object('accountType', 'USD_ACCOUNT', 'accountNumber', lpad(n::text, 12, '0'), 'routingNumber', '021000021',
             'bankAccountType', 'CHECKING', 'beneficiary', jsonb_build_object('beneficiaryType', 'INDIVIDUAL', 'fullName', 'Bench User')),
           'USD_ACCOUNT:routingNumber=021000021|accountNumber=' || lpad(n::text, 12, '0'), 'MATCHED', 'Bench User'
    from generate_series(${from}::int, ${to - 1}::int) n`;
}

/** Request targets: each agent asks for one of its own customer's accounts among the first `count`. */
function lookups(count: number, samples = 5000) {
  const out: { path: string; auth: string }[] = [];
  for (let s = 0; s < samples; s++) {
    const n = Math.floor(Math.random() * count);
    out.push({
      path: `/api/2025-10-13/agents/me/external-accounts/ExternalAccount:${accountUuid(n)}`,
      auth: `Bearer ${token(n % CUSTOMERS)}`,
    });
  }
  return out;
}

async function startFloor(databaseUrl: string): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const proc = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["bench/floor-server.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on("data", (d) => String(d).includes("floor ready") && resolve());
    proc.once("exit", (c) => reject(new Error(`floor server exited ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, proc };
}

/** A database with the bench platform, 1,000 customers and agents, and `accounts` external accounts. */
async function seed(accounts: number) {
  const db = await createTestDatabase("bench", { durable: true });
  process.env.DATABASE_URL = db.url;
  const platform = await createPlatform({ name: "Bench platform", environment: "SANDBOX" }); // also runs the migrations
  await closeDb();
  const platformId = platform.id.replace(/^Platform:/, "");
  const sql = postgres(db.url, { max: 2, onnotice: () => {} });
  const t = Date.now();
  await loadCustomersAndAgents(sql, platformId);
  await loadAccounts(sql, platformId, 0, accounts);
  // Steady state before measuring, as pgbench does: without this, autovacuum of the fresh rows, the first
  // reads setting hint bits and the next checkpoint run during the first rounds and slow (a) alone.
  await sql`vacuum (analyze)`;
  await sql`checkpoint`;
  await sql.end();
  console.log(
    `seeded ${CUSTOMERS} customers, ${CUSTOMERS} agents, ${accounts} external accounts in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  return db;
}

async function main() {
  const started = Date.now();
  console.log(
    `load average at the start: ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  console.log(`building into ${DIST_DIR} (skipped when SKIP_BUILD=1 and a build exists) …`);
  buildApp();
  const small = await seed(CUSTOMERS);
  const large = await seed(ACCOUNTS);
  const env = { BENCH_ROUTES: "1", BENCH_ROUTES_NOT_PRODUCTION: "1", LOG_LEVEL: "warn", DEMO_PLATFORM: "off" };
  // BENCH_PROFILE=1: CPU profiles of `next start` into bench/results/ (open in Chrome DevTools).
  const profile =
    process.env.BENCH_PROFILE === "1" ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, "bench/results")}`] : [];
  // Event-loop delay, GC pauses, time in the server and database wait from inside each `next start`
  // (bench/server-probe.cjs, preloaded); BENCH_PROBE=0 leaves it out, to check that it does not change the figures.
  const nodeArgs = PROBE ? [...profile, "--require", path.join(ROOT, "bench/server-probe.cjs")] : profile;
  const [probeSmall, probeLarge] = [await freePort(), await freePort()];
  const nextSmall = await startServer(
    { ...env, DATABASE_URL: small.url, BENCH_PROBE_PORT: String(probeSmall) },
    { nodeArgs },
  );
  const next = await startServer(
    { ...env, DATABASE_URL: large.url, BENCH_PROBE_PORT: String(probeLarge) },
    { nodeArgs },
  );
  const floor = await startFloor(large.url);
  // BENCH_VARIANTS: more (a) servers on the 100k database, measured in the same alternating rounds, e.g.
  // `pool=2` (DATABASE_POOL_SIZE=2), `dist=.next-base` (another build of the app, to compare before/after),
  // `node=--single-threaded-gc` (node/V8 flags for that server, space-separated) or `NAME=value` (one more
  // environment variable for that server).
  const variants = [];
  for (const v of (process.env.BENCH_VARIANTS ?? "").split(",").filter(Boolean)) {
    const key = v.slice(0, v.indexOf("="));
    const value = v.slice(v.indexOf("=") + 1);
    const flags = key === "node" ? value.split(" ").filter(Boolean) : [];
    const extra =
      key === "pool"
        ? { DATABASE_POOL_SIZE: value }
        : key === "dist"
          ? { NEXT_DIST_DIR: value }
          : key === "node"
            ? {}
            : /^[A-Z][A-Z0-9_]*$/.test(key)
              ? { [key]: value }
              : undefined;
    if (!extra)
      throw new Error(`BENCH_VARIANTS: unknown variant ${v} (pool=N, dist=DIR, node=FLAGS or ENV_NAME=value)`);
    const probePort = await freePort();
    const server = await startServer(
      { ...env, DATABASE_URL: large.url, BENCH_PROBE_PORT: String(probePort), ...extra },
      { nodeArgs: [...flags, ...nodeArgs] },
    );
    variants.push({
      name: `(a) 100k accounts, ${v}`,
      url: server.url,
      targets: lookups(ACCOUNTS),
      pid: server.proc.pid!,
      probe: serverProbe(probePort),
      server,
    });
  }
  // PostgreSQL's CPU per request (its backends serving each database), for bench/README.md "Scale-out".
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  const pgOf = (db: { url: string }) => ({ sql: admin, database: new URL(db.url).pathname.slice(1) });
  let results: RoundResult[];
  try {
    console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s`);
    results = await alternatingRounds(
      [
        {
          name: "(a) agent lookup, next start, 1k accounts",
          url: nextSmall.url,
          targets: lookups(CUSTOMERS),
          pid: nextSmall.proc.pid!,
          probe: serverProbe(probeSmall),
          pg: pgOf(small),
        },
        {
          name: "(a) agent lookup, next start, 100k accounts",
          url: next.url,
          targets: lookups(ACCOUNTS),
          pid: next.proc.pid!,
          probe: serverProbe(probeLarge),
          pg: pgOf(large),
        },
        ...variants,
        {
          name: "(b) constant route handler, next start",
          url: next.url,
          targets: [{ path: "/api/bench/constant" }],
          pid: next.proc.pid!,
          probe: serverProbe(probeLarge),
        },
        {
          name: "(c) bare node:http, same work, 100k accounts",
          url: floor.url,
          targets: lookups(ACCOUNTS),
          pid: floor.proc.pid!,
        },
      ],
      { rounds: ROUNDS, duration: DURATION, warmup: WARMUP_REQUESTS },
    );
  } finally {
    floor.proc.kill("SIGTERM");
    await admin.end();
    await Promise.all([next.stop(), nextSmall.stop(), ...variants.map((v) => v.server.stop())]);
    await Promise.all([small.drop(), large.drop()]);
  }
  console.log("\nmedians:");
  for (const r of results) {
    console.log(
      `${r.name.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms (pooled ${String(r.pooledP99).padStart(3)} ms)  ` +
        `${r.cpuPerReq.toFixed(2)} CPU-ms/req (${(1000 / r.cpuPerReq).toFixed(0)} req per CPU-s)` +
        (r.pgCpuPerReq === undefined ? "" : `  PostgreSQL ${r.pgCpuPerReq.toFixed(3)} CPU-ms/req`) +
        `  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  }
  const [a1k, a] = results;
  const [b, c] = results.slice(-2);
  const ab = a.rps / b.rps;
  const ac = a.rps / c.rps;
  const drift = Math.abs(a.p50 - a1k.p50) / Math.max(a1k.p50, 1);
  console.log(`\na/b = ${ab.toFixed(2)} (target ≥ 0.65: ${ab >= 0.65 ? "met" : "NOT met"})`);
  console.log(`a/c = ${ac.toFixed(2)}`);
  const abCpu = b.cpuPerReq / a.cpuPerReq;
  console.log(
    `per CPU-second (independent of other load on the machine): a/b = ${abCpu.toFixed(2)}, a/c = ${(c.cpuPerReq / a.cpuPerReq).toFixed(2)}`,
  );
  console.log(`p99 (a) = ${a.p99} ms (target < 50 ms: ${a.p99 < 50 ? "met" : "NOT met"})`);
  console.log(
    `p50 (a) 1k vs 100k accounts = ${a1k.p50} ms vs ${a.p50} ms (${(drift * 100).toFixed(0)}% apart; target ≤ 20%: ${drift <= 0.2 ? "met" : "NOT met"})`,
  );
  tailReport(a, b);
  for (const v of results.slice(2, -2)) tailReport(v, b);
  recordFigures("agent-lookup", [
    { name: "(a) agent lookup, 100k accounts", value: a.rps, unit: "req/s" },
    { name: "(b) empty route handler", value: b.rps, unit: "req/s" },
    { name: "(b) CPU per request (the machine's yardstick)", value: b.cpuPerReq, unit: "ms" },
    { name: "a/b", value: ab, unit: "×", target: "≥ 0.65", met: ab >= 0.65 },
    { name: "p99 (a)", value: a.p99, unit: "ms", target: "< 50 ms", met: a.p99 < 50 },
    {
      name: "p99 (a) / p99 (b)",
      value: a.p99 / b.p99,
      unit: "×",
      target: `≤ ${P99_RATIO_TARGET}`,
      met: a.p99 / b.p99 <= P99_RATIO_TARGET,
    },
    {
      name: "p50 (a), 1k against 100k accounts apart",
      value: drift * 100,
      unit: "%",
      target: "≤ 20 %",
      met: drift <= 0.2,
    },
  ]);
  const bad = results.some((r) => r.non2xx > 0 || r.errors > 0);
  if (bad) console.log("WARNING: some requests failed (non-2xx or errors): the figures are not valid");
  console.log(
    `load average at the end: ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}; total ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(bad ? 1 : 0);
}

interface ProbeFigures {
  seconds: number;
  eventLoopDelay: { p50: number; p99: number; max: number; mean: number };
  gc: {
    count: number;
    totalMs: number;
    maxMs: number;
    byKind: Record<string, { count: number; totalMs: number; maxMs: number }>;
  };
  served: { count: number; p50: number; p99: number; max: number };
  dbWait: { count: number; p50: number; p99: number; max: number };
  promises: number;
  heapUsedMb: number;
}

/** The figures bench/server-probe.cjs keeps inside one `next start` (its side port), per round. */
function serverProbe(port: number): ServerProbe | undefined {
  if (!PROBE) return undefined;
  return {
    read: async () => (await fetch(`http://127.0.0.1:${port}/read`)).json(),
    format: (x) => {
      const f = x as ProbeFigures;
      const kinds = Object.entries(f.gc.byKind)
        .map(([k, v]) => `${k} ${v.count}×, max ${v.maxMs.toFixed(1)}`)
        .join("; ");
      return (
        `in the server p50 ${f.served.p50} ms p99 ${f.served.p99} ms; ` +
        (f.promises ? `${(f.promises / Math.max(1, f.served.count)).toFixed(1)} promises per request; ` : "") +
        (f.dbWait.count
          ? `database wait p50 ${f.dbWait.p50} ms p99 ${f.dbWait.p99} ms (${f.dbWait.count} queries); `
          : "") +
        `event-loop delay p50 ${f.eventLoopDelay.p50} ms p99 ${f.eventLoopDelay.p99} ms max ${f.eventLoopDelay.max} ms; ` +
        `GC ${f.gc.count} pauses, ${f.gc.totalMs.toFixed(0)} ms in all (${(f.gc.totalMs / 10 / f.seconds || 0).toFixed(1)}% of the round), max ${f.gc.maxMs.toFixed(1)} ms (${kinds}); heap ${f.heapUsedMb} MB`
      );
    },
  };
}

/** The tail: p99 of (a) against (b)'s in the same run, with the server-side figures behind it. */
function tailReport(a: RoundResult, b: RoundResult) {
  const ratio = a.p99 / b.p99;
  const perRound = a.rounds.map((r, i) => r.p99 / b.rounds[i].p99);
  if (PROBE) probeReport(a, b);
  else console.log(`\ntail: ${a.name}  |  (b) constant`);
  console.log(
    `  p99 a/b per round: ${perRound.map((x) => x.toFixed(2)).join(" ")} (median ${median(perRound).toFixed(2)})`,
  );
  console.log(
    `p99 (a) / p99 (b) = ${a.p99} / ${b.p99} ms = ${ratio.toFixed(2)} (target ≤ ${P99_RATIO_TARGET}: ${ratio <= P99_RATIO_TARGET ? "met" : "NOT met"})`,
  );
  // The same ratio from one histogram per server over all the rounds' requests (bench/README.md "Agent lookup").
  const pooled = a.pooledP99 / b.pooledP99;
  console.log(
    `  pooled over all rounds: p99 (a) / p99 (b) = ${a.pooledP99} / ${b.pooledP99} ms = ${pooled.toFixed(2)} (target ≤ ${P99_RATIO_TARGET}: ${pooled <= P99_RATIO_TARGET ? "met" : "NOT met"})`,
  );
}

function probeReport(a: RoundResult, b: RoundResult) {
  const fig = (r: RoundResult, pick: (f: ProbeFigures) => number) =>
    median(r.rounds.map((x) => pick(x.probe as ProbeFigures)));
  console.log(`\ntail, medians over the rounds: ${a.name}  |  (b) constant`);
  const row = (label: string, pick: (f: ProbeFigures) => number, unit = "ms") =>
    console.log(
      `  ${label.padEnd(34)} ${fig(a, pick).toFixed(1).padStart(8)} ${unit}  ${fig(b, pick).toFixed(1).padStart(8)} ${unit}`,
    );
  row("request in the server p50", (f) => f.served.p50);
  row("request in the server p99", (f) => f.served.p99);
  row("database wait p50", (f) => f.dbWait.p50);
  row("database wait p99", (f) => f.dbWait.p99);
  row("event-loop delay p50", (f) => f.eventLoopDelay.p50);
  row("event-loop delay p99", (f) => f.eventLoopDelay.p99);
  row("event-loop delay max", (f) => f.eventLoopDelay.max);
  row("GC pauses per 1,000 requests", (f) => (1000 * f.gc.count) / Math.max(1, f.served.count), "  ");
  row("GC pause time per request", (f) => (1000 * f.gc.totalMs) / Math.max(1, f.served.count), "µs");
  row("GC pause time per second", (f) => f.gc.totalMs / f.seconds);
  row("longest GC pause", (f) => f.gc.maxMs);
  if ((a.rounds[0].probe as ProbeFigures).promises)
    row("promises per request", (f) => f.promises / Math.max(1, f.served.count), "  ");
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
