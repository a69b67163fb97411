/**
 * A real primary and a real streaming read replica on loopback, from Debian's PostgreSQL binaries: `initdb` a primary
 * that allows replication connections from 127.0.0.1, `pg_basebackup -R` it into a standby, start both. Own clusters,
 * so the machine's PostgreSQL (and its pg_hba.conf) stay as they are. PostgreSQL refuses to run as root: as root, every
 * binary runs as the `postgres` user (runuser) on directories it owns.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freePort } from "./server";

const BIN_DIR = (() => {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "pg_basebackup")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(base, version, "bin") : null;
})();

export const replicaToolsAvailable = BIN_DIR !== null;

export interface ReplicatedPair {
  primaryUrl: (database: string) => string;
  replicaUrl: (database: string) => string;
  /** Stop and resume WAL replay on the replica (it then lags the primary until resumed). */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  stop: () => Promise<void>;
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]): void {
  const [cmd, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN_DIR ?? "", bin), ...args]]
    : [path.join(BIN_DIR ?? "", bin), args];
  const r = spawnSync(cmd, argv, { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

function startPostgres(dataDir: string, port: number): { proc: ChildProcess; logs: () => string } {
  const args = ["-D", dataDir, "-p", String(port), "-k", dataDir, "-c", "listen_addresses=127.0.0.1"];
  const [cmd, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(BIN_DIR ?? "", "postgres"), ...args]]
    : [path.join(BIN_DIR ?? "", "postgres"), args];
  let out = "";
  const proc = spawn(cmd, argv, { stdio: ["ignore", "pipe", "pipe"] });
  proc.stdout?.on("data", (d) => (out += d));
  proc.stderr?.on("data", (d) => (out += d));
  return { proc, logs: () => out };
}

async function waitReady(url: string, proc: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`postgres exited (${proc.exitCode}):\n${logs()}`);
    const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
    try {
      await sql`select 1`;
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`postgres did not start:\n${logs()}`);
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
}

async function stopProc(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGINT"); // fast shutdown
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (proc.exitCode === null) proc.kill("SIGKILL");
}

export async function startReplicatedPair(): Promise<ReplicatedPair> {
  if (!BIN_DIR) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "replica-"));
  fs.chmodSync(root, 0o755);
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  fs.mkdirSync(primaryDir, { mode: 0o700 });
  fs.mkdirSync(replicaDir, { mode: 0o700 });
  if (asRoot) spawnSync("chown", ["-R", "postgres:postgres", root]);
  run("initdb", ["-D", primaryDir, "-U", "postgres", "--auth=trust", "--no-sync"]);
  fs.appendFileSync(path.join(primaryDir, "pg_hba.conf"), "host replication all 127.0.0.1/32 trust\n");
  fs.appendFileSync(
    path.join(primaryDir, "postgresql.conf"),
    ["wal_level = replica", "max_wal_senders = 4", "fsync = off", "synchronous_commit = on", ""].join("\n"),
  );
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primary = startPostgres(primaryDir, primaryPort);
  const url = (port: number) => (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await waitReady(url(primaryPort)("postgres"), primary.proc, primary.logs);
    run("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      replicaDir,
      "-R",
      "-X",
      "stream",
      "--no-sync",
    ]);
  } catch (e) {
    await stopProc(primary.proc);
    throw e;
  }
  const replica = startPostgres(replicaDir, replicaPort);
  await waitReady(url(replicaPort)("postgres"), replica.proc, replica.logs);
  const onReplica = async (query: string) => {
    const sql = postgres(url(replicaPort)("postgres"), { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(query);
    } finally {
      await sql.end();
    }
  };
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    pauseReplay: () => onReplica("select pg_wal_replay_pause()"),
    resumeReplay: () => onReplica("select pg_wal_replay_resume()"),
    stop: async () => {
      await stopProc(replica.proc);
      await stopProc(primary.proc);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
