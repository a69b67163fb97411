import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import { databasePoolSize } from "./pool-size";
import { withCommitHooks } from "./commit-hooks";
import { transactionClient } from "./transaction-client";

/**
 * One database handle per process, from one schema and one set of migrations:
 * PostgreSQL (postgres driver) when DATABASE_URL is set, else embedded PGlite under DATA_DIR.
 * Migrations run on first use. The handle lives on globalThis so that every route bundle
 * of the Next.js server shares it.
 */
import type { Db, DbOrTx } from "./types";

export type { Db, DbOrTx, Tx } from "./types";

interface Handle {
  db: Db;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /** LISTEN on `channel` (PostgreSQL: one dedicated connection, re-established by the driver); returns the UNLISTEN. */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
}

const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");
const MIGRATION_LOCK = 4_711_001;

type G = typeof globalThis & { __dbHandle?: Promise<Handle>; __dbKind?: Handle["kind"]; __dbAttach?: boolean };
const g = globalThis as G;

/**
 * For tools (npm run platform, npm run db:migrate): when a running process owns the embedded database, work through
 * it (lib/shared/embedded-owner.ts) instead of refusing as a second server does. Call before the first getDb().
 */
export function attachToRunningOwner(): void {
  g.__dbAttach = true;
}

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db);
}

export function getHandle(): Promise<Handle> {
  if (!g.__dbHandle) {
    const p = open();
    g.__dbHandle = p;
    p.then(
      (h) => (g.__dbKind = h.kind),
      () => {},
    );
    // Do not cache a rejected promise: the next caller tries again.
    p.catch(() => {
      if (g.__dbHandle === p) g.__dbHandle = undefined;
    });
  }
  return g.__dbHandle;
}

export async function closeDb(): Promise<void> {
  const p = g.__dbHandle;
  g.__dbHandle = undefined;
  g.__dbKind = undefined;
  if (p) await (await p).close();
}

export function databaseKind(): "postgres" | "pglite" {
  return process.env.DATABASE_URL ? "postgres" : "pglite";
}

async function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  const handle = url
    ? await openPostgres(url)
    : await openEmbedded(path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data"));
  // Whatever the driver, a transaction runs its commit hooks once it has committed (db/commit-hooks.ts).
  return { ...handle, db: withCommitHooks(handle.db) };
}

/**
 * The embedded database has one owner process (lib/shared/embedded-owner.ts): the first to open DATA_DIR owns it
 * and serves it on a Unix socket; a later one attaches through that socket (tools) or stops naming the owner.
 */
async function openEmbedded(dataDir: string): Promise<Handle> {
  const { claimOwnership, serveEmbedded, EmbeddedDatabaseBusyError } = await import("../lib/shared/embedded-owner");
  const claim = claimOwnership(dataDir);
  if (!claim.owned) {
    if (!g.__dbAttach) throw new EmbeddedDatabaseBusyError(dataDir, claim.owner);
    return openThroughOwner(dataDir, claim.owner);
  }
  try {
    const { handle, client } = await openPglite(path.join(dataDir, "pglite"));
    const stopServing = await serveEmbedded(client, claim.info.socket);
    const close = async () => {
      await stopServing();
      await handle.close();
      claim.release();
    };
    return { ...handle, close };
  } catch (e) {
    claim.release();
    throw e;
  }
}

/** A tool's connection to the owner's socket: one connection, no named prepared statements (they outlive it there). */
async function openThroughOwner(
  dataDir: string,
  owner: import("../lib/shared/embedded-owner").OwnerInfo,
): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const { liveOwner, EmbeddedDatabaseBusyError } = await import("../lib/shared/embedded-owner");
  const client = postgres({
    path: owner.socket,
    user: "postgres",
    database: "postgres",
    max: 1,
    prepare: false,
    onnotice: () => {},
    connect_timeout: 10,
  });
  // The owner serves its socket once its own migrations are applied: wait for it while it lives.
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await client`select 1`;
      break;
    } catch (e) {
      if (!liveOwner(dataDir) || Date.now() > deadline) {
        await client.end({ timeout: 1 });
        const why = e instanceof Error ? e.message : String(e);
        throw new Error(`${new EmbeddedDatabaseBusyError(dataDir, owner).message} Its socket does not answer: ${why}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  // Migrations this checkout has and the owner had not (the owner applies its own at start).
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const db: Db = drizzle(transactionClient(client, { prepare: false }));
  // A tool runs no worker: nothing listens through the owner.
  const listen = async () => async () => {};
  return { db, kind: "postgres", close: () => client.end(), listen };
}

async function openPostgres(url: string): Promise<Handle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // Session state (the migration's advisory lock, LISTEN) needs a connection of its own for the whole session, which
  // a pooler in transaction mode does not give: those two use DATABASE_DIRECT_URL when set (bench/README.md "Scale-out").
  const directUrl = process.env.DATABASE_DIRECT_URL || url;
  // Migrate on a dedicated connection under an advisory lock: two instances starting
  // together must not apply the same migration twice.
  const migrator = postgres(directUrl, { max: 1, onnotice: () => {} });
  try {
    await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(drizzle(migrator), { migrationsFolder: MIGRATIONS_FOLDER });
    await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await migrator.end();
  }
  const prepare = process.env.DATABASE_PREPARE !== "false";
  const client = postgres(url, {
    max: databasePoolSize(),
    onnotice: () => {},
    // Backstops: whatever leaves a transaction open or a statement running cannot hold a pool
    // connection for good; the server ends it and the pool reconnects.
    connection: sessionTimeouts(),
    // Named prepared statements live on one server connection; behind a pooler in transaction mode that does not track
    // them (PgBouncer < 1.21) the next transaction may run on another: DATABASE_PREPARE=false sends every query unnamed.
    prepare,
  });
  // Every query prepared once per connection (unless DATABASE_PREPARE=false), BEGIN sent with a transaction's first
  // statement: db/transaction-client.ts.
  const db: Db = drizzle(transactionClient(client, { prepare }));
  // LISTEN holds its connection for the session (postgres-js keeps one aside and re-establishes it).
  const listener = directUrl === url ? client : postgres(directUrl, { max: 1, onnotice: () => {} });
  const listen = async (channel: string, onNotify: () => void) => {
    const { unlisten } = await listener.listen(channel, () => onNotify());
    return unlisten;
  };
  const close = async () => {
    await client.end();
    if (listener !== client) await listener.end();
  };
  return { db, kind: "postgres", close, listen };
}

/** The startup `options` that set the statement and idle-in-transaction timeouts (DATABASE_*_TIMEOUT_MS; 0: unset). */
function sessionTimeouts(env: Record<string, string | undefined> = process.env): Record<string, string> {
  const ms = (v: string | undefined, dflt: number) => {
    const n = v === undefined || v === "" ? dflt : Number(v);
    return Number.isInteger(n) && n >= 0 ? n : dflt;
  };
  const opts = [
    ["statement_timeout", ms(env.DATABASE_STATEMENT_TIMEOUT_MS, 60_000)],
    ["idle_in_transaction_session_timeout", ms(env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, 30_000)],
  ]
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `-c ${k}=${v}`);
  return opts.length ? { options: opts.join(" ") } : {};
}

async function openPglite(dir: string): Promise<{ handle: Handle; client: import("@electric-sql/pglite").PGlite }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const listen = async (channel: string, onNotify: () => void) => client.listen(channel, () => onNotify());
  return { handle: { db, kind: "pglite", close: () => client.close(), listen }, client };
}

/**
 * Whether a statement sent inside a transaction without awaiting its answer still reaches the server before
 * the COMMIT that follows, in the same transaction: postgres-js sends a transaction's statements in order on its
 * one connection (pipelined); PGlite closes the transaction when its callback returns.
 */
export function transactionPipelines(): boolean {
  // On hot paths: the kind of the open handle, not a read of the environment each time.
  return (g.__dbKind ?? databaseKind()) === "postgres";
}

/** Rows of a raw `db.execute(sql)` whatever the driver (postgres-js: array; PGlite: {rows}). */
export async function execRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  // `.execute()`: the statement is started by this call, not one microtask later by the await, so that statements
  // started one after another in a transaction are written in that order (db/transaction-client.ts).
  const result = (await db.execute(query).execute()) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
