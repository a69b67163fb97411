/** What the HTTP benchmarks share: one autocannon run over rotating targets, a process tree's CPU time, medians. */
import fs from "node:fs";
import autocannon from "autocannon";

export const CONNECTIONS = 32;

export type Target = { path: string; auth?: string; method?: "GET" | "POST"; body?: string };

/**
 * One autocannon run at CONNECTIONS connections, each request the next of `targets`. `onLatency`, when given,
 * receives the latency (ms) of every 2xx answer, the same values autocannon's own histogram records.
 */
export async function measure(
  url: string,
  targets: Target[],
  limit: { duration: number } | { amount: number },
  onLatency?: (ms: number) => void,
) {
  let i = 0;
  const run = autocannon({
    url,
    connections: CONNECTIONS,
    ...limit,
    requests: [
      {
        setupRequest: (req: { method?: string; path: string; headers?: Record<string, string>; body?: string }) => {
          const t = targets[i++ % targets.length];
          req.method = t.method ?? "GET";
          req.path = t.path;
          req.headers = {
            ...(t.auth ? { authorization: t.auth } : {}),
            ...(t.body ? { "content-type": "application/json" } : {}),
          };
          req.body = t.body;
          return req;
        },
      },
    ],
  });
  if (onLatency)
    run.on(
      "response",
      (_client: unknown, status: number, _bytes: number, ms: number) => status >= 200 && status < 300 && onLatency(ms),
    );
  return run;
}

/** The q-quantile (0..1) of unsorted values, nearest rank, in ms rounded as autocannon prints them. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
}

/** Figures a server reports about itself for one round (bench/server-probe.cjs): read() returns them and starts over. */
export interface ServerProbe {
  read: () => Promise<unknown>;
  format: (figures: unknown) => string;
}

const CLK_TCK = 100;

/**
 * CPU time (ms) used so far by a process and its descendants, from /proc (Linux). Requests per CPU-second
 * is what a server would do with a core of its own, whatever else runs on the machine.
 */
export function cpuMs(rootPid: number): number {
  let ticks = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
        const kids = fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim();
        if (kids) stack.push(...kids.split(" ").map(Number));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / CLK_TCK;
}

/**
 * CPU time (ms) of each PostgreSQL backend connected to `database` (the server's pool), from /proc: the database's
 * share of a request, next to the application's. `pgCpuSince(before, after)` is the CPU spent between two snapshots
 * (a backend that connected meanwhile counts whole). Background processes (WAL writer, checkpointer) serve every
 * database of the cluster and are not counted. `sql` must be a connection to the same cluster.
 */
type PgSql = { unsafe: (q: string, args: string[]) => Promise<unknown> };
export async function pgBackendCpu(sql: PgSql, database: string): Promise<Map<number, number>> {
  const rows = (await sql.unsafe("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
    database,
  ])) as { pid: number }[];
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]));
}
export const pgCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((ms, [pid, t]) => ms + t - (before.get(pid) ?? 0), 0);

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface RoundResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU milliseconds per request (process tree; PostgreSQL excluded). */
  cpuPerReq: number;
  /** PostgreSQL CPU milliseconds per request (the backends of the server's database), when the server names it. */
  pgCpuPerReq?: number;
  /** 2xx answers over all the rounds. */
  ok: number;
  /** Per round, in order: p99 (ms) and what the server's `probe` returned for that round. */
  rounds: { p99: number; probe?: unknown }[];
  /**
   * p99 (ms) over every 2xx answer of every round (one pooled histogram): rests on all ≈ 1% slowest requests of
   * the run (≈ 300–500), where the median of per-round p99s rests on ≈ 60 per round.
   */
  pooledP99: number;
}

/**
 * The servers are measured in alternating rounds and each figure is the median over the rounds, so that
 * load from other processes on the machine affects all of them alike. A round with non-2xx answers prints their statuses.
 */
export async function alternatingRounds(
  servers: {
    name: string;
    url: string;
    targets: Target[];
    pid: number;
    probe?: ServerProbe;
    pg?: { sql: PgSql; database: string };
  }[],
  o: { rounds: number; duration: number; warmup: number },
): Promise<RoundResult[]> {
  // Warm-up by request count, not time: on a busy machine a few seconds are not enough for the JIT and the pools.
  for (const s of servers) await measure(s.url, s.targets, { amount: o.warmup });
  const raw = servers.map(() => [] as Omit<RoundResult, "name" | "pooledP99">[]);
  const latencies = servers.map(() => [] as number[]);
  for (let r = 0; r < o.rounds; r++) {
    for (const [k, s] of servers.entries()) {
      await s.probe?.read(); // starts the server's figures over
      const pg0 = s.pg && (await pgBackendCpu(s.pg.sql, s.pg.database));
      const cpu0 = cpuMs(s.pid);
      const m = await measure(s.url, s.targets, { duration: o.duration }, (ms) => latencies[k].push(ms));
      const cpuPerReq = (cpuMs(s.pid) - cpu0) / Math.max(1, m.requests.total);
      const pgCpuPerReq =
        s.pg && pg0
          ? pgCpuSince(pg0, await pgBackendCpu(s.pg.sql, s.pg.database)) / Math.max(1, m.requests.total)
          : undefined;
      const probe = await s.probe?.read();
      if (m.non2xx > 0)
        console.log(
          `    non-2xx answers by status: ${JSON.stringify((m as unknown as { statusCodeStats?: unknown }).statusCodeStats ?? {})}`,
        );
      raw[k].push({
        rps: m.requests.average,
        p50: m.latency.p50,
        p99: m.latency.p99,
        non2xx: m.non2xx,
        errors: m.errors,
        cpuPerReq,
        pgCpuPerReq,
        ok: m["2xx"],
        rounds: [{ p99: m.latency.p99, probe }],
      });
      console.log(
        `  round ${r + 1} ${s.name.padEnd(48)} ${m.requests.average.toFixed(0).padStart(6)} req/s  p50 ${m.latency.p50} ms  p99 ${m.latency.p99} ms  ${cpuPerReq.toFixed(2)} CPU-ms/req` +
          (pgCpuPerReq === undefined ? "" : `  PostgreSQL ${pgCpuPerReq.toFixed(2)} CPU-ms/req`) +
          (probe === undefined ? "" : `\n      ${s.probe!.format(probe)}`),
      );
    }
  }
  return servers.map((s, k) => ({
    name: s.name,
    rps: median(raw[k].map((x) => x.rps)),
    p50: median(raw[k].map((x) => x.p50)),
    p99: median(raw[k].map((x) => x.p99)),
    non2xx: raw[k].reduce((n, x) => n + x.non2xx, 0),
    errors: raw[k].reduce((n, x) => n + x.errors, 0),
    cpuPerReq: median(raw[k].map((x) => x.cpuPerReq)),
    pgCpuPerReq: s.pg ? median(raw[k].map((x) => x.pgCpuPerReq ?? 0)) : undefined,
    ok: raw[k].reduce((n, x) => n + x.ok, 0),
    rounds: raw[k].flatMap((x) => x.rounds),
    pooledP99: quantile(latencies[k], 0.99),
  }));
}
