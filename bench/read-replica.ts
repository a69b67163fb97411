/**
 * npm run bench:read-replica — see bench/README.md "Read replica".
 *
 * A real primary and a streaming replica on loopback (test/support/replica.ts), 1,000 customers on the primary, and
 * two `next start` of the same build: (p) DATABASE_URL only, (r) the same plus DATABASE_REPLICA_URL. Both answer the
 * same lookups through a list (GET /customers?platformCustomerId=…, which reads through db/list-page.ts), in alternating
 * rounds at 32 connections. Prints requests/s, p50/p99, the server's CPU per request, and the CPU per request of the
 * primary's and of the replica's PostgreSQL backends: what a replica takes off the primary, and what it costs.
 */
import os from "node:os";
import postgres from "postgres";
import { closeDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { startReplicatedPair } from "../test/support/replica";
import { buildApp, DIST_DIR, startServer } from "../test/support/server";
import { alternatingRounds, CONNECTIONS, pgBackendCpu, pgCpuSince, type Target } from "./bench-kit";
import { recordFigures } from "./figures";

const DURATION = Number(process.env.BENCH_SECONDS || 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP || 2000);
const CUSTOMERS = 1000;
const DB = "bench";

async function main() {
  console.log(
    `load average at the start: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}`,
  );
  console.log(`building into ${DIST_DIR} (skipped when SKIP_BUILD=1 and a build exists) …`);
  buildApp();
  const pair = await startReplicatedPair();
  const primaryAdmin = postgres(pair.primaryUrl("postgres"), { max: 1, onnotice: () => {} });
  const replicaAdmin = postgres(pair.replicaUrl("postgres"), { max: 1, onnotice: () => {} });
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    await primaryAdmin.unsafe(`create database ${DB}`);
    process.env.DATABASE_URL = pair.primaryUrl(DB);
    const p = await createPlatform({ name: "replica bench", environment: "SANDBOX" });
    await closeDb();
    const sql = postgres(pair.primaryUrl(DB), { max: 1, onnotice: () => {} });
    await sql`
      insert into customers (id, platform_id, platform_customer_id, customer_type, email, uma_address, kyc_status, profile)
      select ('00000000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, ${p.id.split(":")[1]}, 'bench-' || i,
             'INDIVIDUAL', 'bench' || i || '@example.com', '$bench' || i || '@example.com', 'APPROVED',
             '{"fullName":"Bench User"}'::jsonb
      from generate_series(0, ${CUSTOMERS - 1}::int) i`;
    await sql`analyze`;
    await sql.end();
    const auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
    const targets: Target[] = Array.from({ length: 200 }, (_, k) => ({
      path: `/api/2025-10-13/customers?platformCustomerId=bench-${(k * 7) % CUSTOMERS}`,
      auth,
    }));
    const env = { LOG_LEVEL: "warn", DEMO_PLATFORM: "off", SWEEPER: "off", DATABASE_URL: pair.primaryUrl(DB) };
    const primaryOnly = await startServer(env);
    servers.push(primaryOnly);
    const withReplica = await startServer({ ...env, DATABASE_REPLICA_URL: pair.replicaUrl(DB) });
    servers.push(withReplica);
    console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s`);
    // The replica's backends are measured around each round of (r) separately (alternatingRounds takes one database).
    const replicaCpu: number[] = [];
    const results = await alternatingRounds(
      [
        {
          name: "(p) list lookup, primary only",
          url: primaryOnly.url,
          targets,
          pid: primaryOnly.proc.pid ?? 0,
          pg: { sql: primaryAdmin, database: DB },
        },
        {
          name: "(r) list lookup, primary + replica",
          url: withReplica.url,
          targets,
          pid: withReplica.proc.pid ?? 0,
          pg: { sql: primaryAdmin, database: DB },
          probe: {
            read: async () => {
              replicaCpu.push(pgCpuSince(new Map(), await pgBackendCpu(replicaAdmin, DB)));
              return undefined;
            },
            format: () => "",
          },
        },
      ],
      { rounds: ROUNDS, duration: DURATION, warmup: WARMUP_REQUESTS },
    );
    const [pOnly, r] = results;
    console.log("\nmedians:");
    for (const x of results)
      console.log(
        `  ${x.name.padEnd(40)} ${x.rps.toFixed(0).padStart(6)} req/s  p50 ${x.p50} ms  p99 ${x.p99} ms  server ${x.cpuPerReq.toFixed(2)} CPU-ms/req  primary PostgreSQL ${(x.pgCpuPerReq ?? 0).toFixed(3)} CPU-ms/req`,
      );
    // Cumulative CPU of the replica's backends, sampled before and after each (r) round.
    const perRound = [];
    for (let i = 1; i < replicaCpu.length; i += 2) perRound.push(replicaCpu[i] - replicaCpu[i - 1]);
    const served = r.ok / Math.max(1, ROUNDS);
    const replicaPerReq = perRound.length ? perRound.reduce((a, b) => a + b, 0) / perRound.length / served : 0;
    console.log(`  replica PostgreSQL (r): ${replicaPerReq.toFixed(3)} CPU-ms/req (mean over rounds)`);
    console.log(
      `\nprimary PostgreSQL CPU per request, (r) / (p) = ${((r.pgCpuPerReq ?? 0) / Math.max(1e-9, pOnly.pgCpuPerReq ?? 0)).toFixed(2)}; requests/s (r) / (p) = ${(r.rps / pOnly.rps).toFixed(2)}`,
    );
    if (pOnly.non2xx + r.non2xx + pOnly.errors + r.errors > 0)
      console.log("WARNING: some requests failed (non-2xx or errors): the figures are not valid");
    else
      recordFigures("read-replica", [
        { name: "(p) primary only", value: pOnly.rps, unit: "req/s" },
        { name: "(r) primary + replica", value: r.rps, unit: "req/s" },
        {
          name: "primary's PostgreSQL CPU per list, (r) / (p)",
          value: (r.pgCpuPerReq ?? 0) / Math.max(1e-9, pOnly.pgCpuPerReq ?? 0),
          unit: "×",
        },
        { name: "replica's PostgreSQL CPU per list", value: replicaPerReq, unit: "ms" },
      ]);
  } finally {
    for (const s of servers) await s.stop();
    await primaryAdmin.end();
    await replicaAdmin.end();
    await pair.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
