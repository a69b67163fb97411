import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import * as schema from "./schema";
import { databasePoolSize } from "./pool-size";

/**
 * One database handle per process, from one schema and one set of migrations:
 * PostgreSQL (postgres driver) when DATABASE_URL is set, else embedded PGlite under DATA_DIR.
 * Migrations run on first use. The handle lives on globalThis so that every route bundle
 * of the Next.js server shares it.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

interface Handle {
  db: Db;
  kind: "postgres" | "pglite";
  close: () => Promise<void>;
  /** LISTEN on `channel` (PostgreSQL: one dedicated connection, re-established by the driver); returns the UNLISTEN. */
  listen: (channel: string, onNotify: () => void) => Promise<() => Promise<void>>;
}

const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "db", "migrations");
const MIGRATION_LOCK = 4_711_001;

type G = typeof globalThis & { __dbHandle?: Promise<Handle> };
const g = globalThis as G;

export function getDb(): Promise<Db> {
  return getHandle().then((h) => h.db);
}

export function getHandle(): Promise<Handle> {
  if (!g.__dbHandle) {
    const p = open();
    g.__dbHandle = p;
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
  if (p) await (await p).close();
}

export function databaseKind(): "postgres" | "pglite" {
  return process.env.DATABASE_URL ? "postgres" : "pglite";
}

async function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  if (url) return openPostgres(url);
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data");
  return openPglite(path.join(dataDir, "pglite"));
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
    // Named prepared statements live on one server connection; behind a pooler in transaction mode that does not track
    // them (PgBouncer < 1.21) the next transaction may run on another: DATABASE_PREPARE=false sends every query unnamed.
    prepare,
  });
  const db = drizzle(prepare ? preparingEveryQuery(client) : client, { schema }) as unknown as Db;
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

/**
 * drizzle sends each query it was not asked to name (`.prepare("…")`) with `prepare: false`, and postgres.js then has
 * PostgreSQL describe every parameterized query before it binds and runs it: two round trips per statement, each one
 * a socket write and a wake-up of the backend (bench/README.md "Money path": ≈ 0.2 ms of the Node process per round
 * trip here). This client prepares every query instead. postgres.js keeps prepared statements per connection, keyed by
 * their text and parameter types, so a statement is described once per connection and then runs in one round trip,
 * and PostgreSQL parses it once. The text of a drizzle query depends only on its shape (values are parameters), so
 * the number of statements a connection keeps is bounded by the query shapes of the code (an `in (…)` list or a
 * multi-row insert counts once per length), and postgres.js retires connections after 30–60 minutes.
 * Transactions and savepoints get the same client (drizzle runs them on the `sql` that `begin` hands over).
 */
function preparingEveryQuery<T extends object>(sql: T): T {
  const original = sql as unknown as Record<"unsafe" | "begin" | "savepoint", (...args: unknown[]) => unknown>;
  // Built once per client (the pool's, or a transaction's), not on every query.
  const replaced: Record<PropertyKey, unknown> = {
    unsafe: (query: string, params?: unknown[], options?: object) => original.unsafe(query, params, { ...options, prepare: true }),
  };
  for (const name of ["begin", "savepoint"] as const) {
    if (typeof original[name] !== "function") continue;
    replaced[name] = (...args: unknown[]) => {
      const fn = args.pop() as (tx: object) => unknown;
      return original[name](...args, (tx: object) => fn(preparingEveryQuery(tx)));
    };
  }
  return new Proxy(sql, { get: (target, prop, receiver) => (Object.hasOwn(replaced, prop) ? replaced[prop] : Reflect.get(target, prop, receiver)) });
}

async function openPglite(dir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dir.startsWith("memory://")) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const listen = async (channel: string, onNotify: () => void) => client.listen(channel, () => onNotify());
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close(), listen };
}

/**
 * Whether a statement sent inside a transaction without awaiting its answer still reaches the server before
 * the COMMIT that follows, in the same transaction: postgres-js sends a transaction's statements in order on its
 * one connection (pipelined); PGlite closes the transaction when its callback returns.
 */
export function transactionPipelines(): boolean {
  return databaseKind() === "postgres";
}

/** Rows of a raw `db.execute(sql)` whatever the driver (postgres-js: array; PGlite: {rows}). */
export async function execRows<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export { schema };
