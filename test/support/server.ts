/**
 * Test support: a real `next start` of the built app on a free port, against a fresh PostgreSQL
 * database (or PGlite under a temp DATA_DIR). Used by the integration global setup and by tests that
 * need more servers (two instances on one database, PGlite smoke).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
export const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-test";

/**
 * A port no one listens on, for a server that binds it later (a child process). Taken from below the kernel's
 * ephemeral range when there is room: a port from that range can become the local port of any outgoing connection
 * (to PostgreSQL, say) before the server binds it, and the server then exits with EADDRINUSE (a clean-clone run's
 * browser phase never started for this). Below the range only another listener can take it.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  const floor = 10_000;
  for (let i = 0; i < 20 && low - floor >= 1_000; i++) {
    const port = floor + Math.floor(Math.random() * (low - floor));
    // Next.js refuses the ports browsers block (next/dist/lib/helpers/get-reserved-port); 10080 is the one above 10000.
    if (port === 10_080) continue;
    if ((await listenOnce(port)) !== undefined) return port;
  }
  const port = await listenOnce(0);
  if (port === undefined) throw new Error("no free port on 127.0.0.1");
  return port;
}

/** The first port of the kernel's ephemeral range (Linux; elsewhere 32768, IANA's is higher). */
export function ephemeralLow(): number {
  try {
    return Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
}

/** Listen on 127.0.0.1:`port` (0: any) and close again: the port bound, or undefined if it was taken. */
function listenOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once("error", () => resolve(undefined));
    srv.listen(port, "127.0.0.1", () => {
      const bound = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * The migrated database that createTestDatabase copies (TEST_TEMPLATE_DB, set by the integration suite's global setup
 * from createTemplateDatabase): a copy costs a fraction of a second, running every migration on an empty database
 * several seconds, once per server's database over the suite.
 */
const TEMPLATE_ENV = "TEST_TEMPLATE_DB";

/**
 * Create a database and return its URL: a copy of the suite's migrated template when there is one, else empty.
 * `opts.empty` asks for an empty one even then, for a test whose server must apply the migrations itself.
 *
 * A test database commits without waiting for its WAL to reach the disk (synchronous_commit = off, for this database
 * only): a commit is as visible and as atomic as with the default, only a crash of PostgreSQL itself could lose the
 * last ones, which no test does; waiting on the disk was most of a commit's time on a shared machine (about 10 ms,
 * against 2–5 ms without). `opts.durable` keeps the default, for benches, whose figures are a deployment's.
 */
export async function createTestDatabase(
  prefix = "wt",
  opts: { empty?: boolean; durable?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = opts.empty ? undefined : process.env[TEMPLATE_ENV];
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  if (!opts.durable) await admin.unsafe(`alter database "${name}" set synchronous_commit = off`);
  await admin.end();
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const a = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/**
 * An empty database with every migration applied (db/client.ts applies them the same way at start-up), named in
 * TEST_TEMPLATE_DB for this process and the ones it starts, so that createTestDatabase copies it. No connection
 * stays open on it: PostgreSQL copies only a database no one is connected to.
 */
export async function createTemplateDatabase(): Promise<{ drop: () => Promise<void> }> {
  const db = await createTestDatabase("tpl", { empty: true });
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(db.url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(ROOT, "db", "migrations") });
  } finally {
    await client.end();
  }
  process.env[TEMPLATE_ENV] = new URL(db.url).pathname.slice(1);
  return {
    drop: async () => {
      delete process.env[TEMPLATE_ENV];
      await db.drop();
    },
  };
}

/** Build the app once into DIST_DIR unless SKIP_BUILD=1. */
export function buildApp(): void {
  if (process.env.SKIP_BUILD === "1" && fs.existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID"))) return;
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["build"], {
    cwd: ROOT,
    // A production build, as `npm start` makes: vitest runs with NODE_ENV=test, which next build would otherwise keep
    // (and next.config.ts reads it, e.g. for Strict-Transport-Security).
    env: { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`next build failed:\n${r.stdout}\n${r.stderr}`);
}

export interface RunningServer {
  url: string;
  port: number;
  proc: ChildProcess;
  logs: () => string;
  stop: () => Promise<void>;
}

/** `opts.nodeArgs` (for example `--cpu-prof`) runs next under `node <nodeArgs>`; NODE_OPTIONS refuses some flags. `opts.port` fixes the port. */
export async function startServer(
  env: Record<string, string | undefined>,
  opts: { nodeArgs?: string[]; port?: number } = {},
): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  let out = "";
  const nextArgs = ["start", "--port", String(port), "--hostname", "127.0.0.1"];
  const [cmd, args] = opts.nodeArgs?.length
    ? [process.execPath, [...opts.nodeArgs, path.join(ROOT, "node_modules/next/dist/bin/next"), ...nextArgs]]
    : [path.join(ROOT, "node_modules/.bin/next"), nextArgs];
  const proc = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      // A server on its own PostgreSQL database is a production deployment, which needs its public origin.
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL || "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`next start exited (${proc.exitCode}):\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      // Read to the end: an answer left unread keeps its connection busy, and the server's graceful stop then waits
      // until the client drops it (about 3 s, undici's keep-alive) before it exits.
      await r.arrayBuffer();
      if (r.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    proc,
    logs: () => out,
    stop: async () => {
      if (proc.exitCode !== null) return;
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
    },
  };
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
