/**
 * A real PgBouncer in transaction mode on loopback, in front of the test PostgreSQL (Debian's `pgbouncer` package;
 * .ci/run installs it). PgBouncer refuses to run as root, so as root it is started with `-u postgres` and its files are
 * made readable to that user.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

const PGBOUNCER_BIN = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((p) => fs.existsSync(p));

export interface Bouncer {
  /** `postgres://` URL of `database` through the pooler. */
  url: (database: string) => string;
  logs: () => string;
  stop: () => Promise<void>;
}

export async function startPgBouncer(opts: { upstreamPort?: number; poolSize?: number } = {}): Promise<Bouncer> {
  if (!PGBOUNCER_BIN) throw new Error("pgbouncer is not installed (apt-get install pgbouncer; .ci/run does)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const ini = [
    "[databases]",
    `* = host=127.0.0.1 port=${opts.upstreamPort ?? 5432}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    "pool_mode = transaction",
    `default_pool_size = ${opts.poolSize ?? 3}`,
    "max_client_conn = 500",
    "ignore_startup_parameters = extra_float_digits,options",
  ].join("\n");
  fs.writeFileSync(path.join(dir, "pgbouncer.ini"), `${ini}\n`, { mode: 0o644 });
  fs.writeFileSync(path.join(dir, "users.txt"), '"postgres" ""\n', { mode: 0o644 });
  const asRoot = process.getuid?.() === 0;
  let out = "";
  const proc: ChildProcess = spawn(
    PGBOUNCER_BIN,
    [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`pgbouncer exited (${proc.exitCode}):\n${out}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => {
        s.end();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) {
      proc.kill("SIGKILL");
      throw new Error(`pgbouncer did not listen:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    logs: () => out,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once("exit", r));
        proc.kill("SIGINT");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (proc.exitCode === null) proc.kill("SIGKILL");
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
