import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * One owner for the embedded database. PGlite is PostgreSQL in one process: two processes that
 * open the same data directory each keep their own copy of its state in memory, and whichever writes last overwrites
 * the other's acknowledged writes. So the first process to open DATA_DIR/pglite claims it with an owner file
 * (DATA_DIR/pglite.owner.json, created atomically: pid, command, start time, socket path) and serves the PostgreSQL
 * wire protocol on a Unix socket only its user can open. A later process finds the owner file of a live process and
 * either connects through that socket (the CLI, migrations: db/client.ts `attachToRunningOwner`) or stops with a
 * message naming the process that holds the directory (a second server). A dead owner's file (kill -9) is taken over.
 */
export interface OwnerInfo {
  pid: number;
  host: string;
  command: string;
  startedAt: string;
  socket: string;
}

export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: OwnerInfo,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${owner.pid} (${owner.command}), running since ` +
        `${owner.startedAt}. Only one server may open it: stop that process first, or set DATABASE_URL to use a ` +
        "PostgreSQL server. (npm run platform and npm run db:migrate work through the running server.)",
    );
    this.name = "EmbeddedDatabaseBusyError";
  }
}

export function ownerFilePath(dataDir: string): string {
  return path.join(dataDir, "pglite.owner.json");
}

/** A Unix socket path must fit in sun_path (108 bytes on Linux, 104 on macOS): a long DATA_DIR uses the temp folder. */
function socketPathFor(dataDir: string): string {
  const inDir = path.join(dataDir, "pglite.sock");
  if (Buffer.byteLength(inDir) < 100) return inDir;
  const digest = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `pglite-${digest}.sock`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): OwnerInfo | undefined {
  try {
    const o = JSON.parse(fs.readFileSync(file, "utf8")) as OwnerInfo;
    return Number.isInteger(o.pid) ? o : undefined;
  } catch {
    return undefined;
  }
}

/** The live owner of `dataDir`, if any (another host's owner counts as live: its pid cannot be checked here). */
export function liveOwner(dataDir: string): OwnerInfo | undefined {
  const o = readOwner(ownerFilePath(dataDir));
  if (!o || o.pid === process.pid) return undefined;
  return o.host !== os.hostname() || alive(o.pid) ? o : undefined;
}

export type Claim = { owned: true; info: OwnerInfo; release: () => void } | { owned: false; owner: OwnerInfo };

/** Become the owner of `dataDir`, or learn who is. */
export function claimOwnership(dataDir: string): Claim {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = ownerFilePath(dataDir);
  const info: OwnerInfo = {
    pid: process.pid,
    host: os.hostname(),
    command: commandLine(),
    startedAt: new Date().toISOString(),
    socket: socketPathFor(dataDir),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written whole to a file of our own, then linked into place: link fails if the name exists (atomic), and a
    // reader never sees a half-written owner file.
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      fs.unlinkSync(tmp);
      return { owned: true, info, release: releaser(file) };
    } catch (e) {
      fs.unlinkSync(tmp);
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const current = readOwner(file);
    if (current && (current.host !== os.hostname() || alive(current.pid))) return { owned: false, owner: current };
    // A dead owner (or an unreadable file): moved aside under a name of our own, so that of two processes taking it
    // over at once only one removes it; the other finds the name gone and tries again.
    const aside = `${file}.stale.${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch {
      continue;
    }
    const moved = readOwner(aside);
    if (moved && current && moved.pid !== current.pid && alive(moved.pid)) {
      // Someone claimed it between our read and our rename: put theirs back.
      try {
        fs.linkSync(aside, file);
      } catch {}
      fs.rmSync(aside, { force: true });
      return { owned: false, owner: moved };
    }
    fs.rmSync(aside, { force: true });
  }
  const current = readOwner(file);
  if (current) return { owned: false, owner: current };
  throw new Error(`Could not claim the embedded database in ${dataDir}`);
}

function commandLine(): string {
  const [, script, ...args] = process.argv;
  const name = script ? path.basename(script) : path.basename(process.argv0);
  return [name === "next" || name === "next.js" ? "next" : name, ...args].join(" ").slice(0, 200);
}

/** Removes the owner file if it is still ours: on close, and at exit whatever the reason (Next's SIGTERM included). */
function releaser(file: string): () => void {
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    process.off("exit", release);
    if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on("exit", release);
  return release;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** A client that holds the database (inside a transaction, or mid extended-protocol) and goes quiet this long is cut off. */
const IDLE_HOLD_MS = 15_000;
const MAX_CLIENTS = 8;

/**
 * Serve the PostgreSQL wire protocol of `db` on the Unix socket `socketPath` (mode 0600). PGlite has one session:
 * the owner's own queries and every client's take turns on it. A client holds the whole database (PGlite's
 * transaction lock, the one `db.transaction` and `db.query` take) from its first message until it is back at a
 * ReadyForQuery outside any transaction, so neither side's statements ever land inside the other's transaction;
 * a client that disconnects while holding it is rolled back, and one that holds it idle for IDLE_HOLD_MS is cut off.
 * Clients must not use named prepared statements (the session, and its statements, outlive a connection).
 */
export async function serveEmbedded(db: PGlite, socketPath: string): Promise<() => Promise<void>> {
  fs.rmSync(socketPath, { force: true });
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (sockets.size >= MAX_CLIENTS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    serveClient(db, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  };
}

/** PGlite's transaction lock, held until the returned function is called. */
function holdDatabase(db: PGlite): Promise<() => void> {
  return new Promise((gotIt) => {
    void db._runExclusiveTransaction(() => new Promise<void>((release) => gotIt(release)));
  });
}

const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const ROLLBACK = (() => {
  const q = Buffer.from("ROLLBACK\0");
  const m = Buffer.alloc(5 + q.length);
  m[0] = 0x51;
  m.writeInt32BE(4 + q.length, 1);
  q.copy(m, 5);
  return m;
})();

function serveClient(db: PGlite, socket: net.Socket): void {
  let buf: Buffer = Buffer.alloc(0);
  let started = false;
  let release: (() => void) | undefined;
  let idle: NodeJS.Timeout | undefined;
  let work = Promise.resolve();
  let closed = false;

  const run = (message: Uint8Array) =>
    db.runExclusive(() =>
      db.execProtocolRawStream(message, {
        onRawData: (data) => {
          if (!closed && data.length) socket.write(Buffer.from(data));
        },
      }),
    );

  const letGo = async () => {
    if (!release) return;
    // Whatever the client left: an unfinished extended-protocol exchange, an open (or failed) transaction.
    try {
      await db.runExclusive(() => db.execProtocolRaw(SYNC));
      if (db.isInTransaction()) await db.runExclusive(() => db.execProtocolRaw(ROLLBACK));
    } catch {
      // The database is closing (the owner shuts down): nothing of the client's survives it uncommitted anyway.
    } finally {
      release();
      release = undefined;
    }
  };

  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(idle);
    socket.destroy();
    work = work.then(letGo, letGo);
  };

  const step = async () => {
    for (;;) {
      if (closed) return;
      if (!started) {
        if (buf.length < 8) return;
        const len = buf.readInt32BE(0);
        const code = buf.readInt32BE(4);
        if (len === 8 && (code === SSL_REQUEST || code === GSSENC_REQUEST)) {
          socket.write("N");
          buf = buf.subarray(8);
          continue;
        }
        if (code === CANCEL_REQUEST || code !== PROTOCOL_3 || len < 8 || len > 10_000) return close();
        if (buf.length < len) return;
        const startup = buf.subarray(0, len);
        buf = buf.subarray(len);
        const free = await holdDatabase(db);
        try {
          await run(new Uint8Array(startup));
        } finally {
          free();
        }
        started = true;
        continue;
      }
      // Every complete message in the buffer, run as one batch; Terminate ('X') ends the connection, never reaching
      // PGlite, whose one backend serves the owner too.
      let end = 0;
      let last = 0;
      let terminate = false;
      while (buf.length - end >= 5) {
        const len = buf.readInt32BE(end + 1);
        if (len < 4) return close();
        if (buf.length - end < 1 + len) break;
        if (buf[end] === 0x58) {
          terminate = true;
          break;
        }
        last = buf[end];
        end += 1 + len;
      }
      if (end === 0) return terminate ? close() : undefined;
      const batch = new Uint8Array(buf.subarray(0, end));
      buf = terminate ? Buffer.alloc(0) : buf.subarray(end);
      if (!release) release = await holdDatabase(db);
      await run(batch);
      if (terminate) return close();
      // Back at ReadyForQuery outside a transaction: the database is free for the owner and other clients.
      if ((last === 0x53 || last === 0x51) && buf.length === 0 && !db.isInTransaction()) {
        release();
        release = undefined;
      }
      if (buf.length === 0) return;
    }
  };

  socket.on("data", (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    clearTimeout(idle);
    work = work.then(step).then(
      () => {
        if (release && !closed) idle = setTimeout(close, IDLE_HOLD_MS);
      },
      () => close(),
    );
  });
  socket.on("error", close);
  socket.on("close", close);
}
