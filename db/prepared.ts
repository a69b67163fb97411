import { type Column, Param, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { getDb, type Db, type Tx } from "./client";

/**
 * A placeholder of a statement built once whose value `column` encodes when the statement runs, as drizzle encodes a
 * value set to that column; as SQL, so that an UPDATE's `set` takes it for any column.
 */
export function columnPlaceholder(column: Column, name: string): SQL {
  return sql`${new Param(sql.placeholder(name), column)}`;
}

/**
 * A drizzle prepared statement built once per database handle, for hot paths (AgentAuth, the agent
 * lookup): it skips building the SQL on every request. Usage: `const q = preparedQuery((db) => db.select()….prepare("name"))`
 * then `(await q()).execute({…})`.
 */
export function preparedQuery<T>(build: (db: Db) => T): () => Promise<T> {
  const cache = new WeakMap<Db, T>();
  return async () => {
    const db = await getDb();
    const cached = cache.get(db);
    if (cached) return cached;
    const q = build(db);
    cache.set(db, q);
    return q;
  };
}

/**
 * A statement built once that runs inside a transaction. drizzle binds a prepared statement to the client it was built
 * on, and a transaction runs on a connection of its own, so building it inside the transaction means building it on
 * every call (≈ 0.2–0.4 ms of query building for an UPDATE … RETURNING: bench/README.md "Signed retry"). Here it is
 * built once per driver (on the first transaction that asks for it) and handed over to each transaction's client: the
 * same SQL text, placeholders and result mapping, run on the transaction's connection. Synchronous, so that a caller
 * can start it in the call that asks for it (a pipelined transaction writes its statements in the order they start:
 * db/transaction-client.ts). Usage: `const q = preparedInTransaction((db) => db.update(…)….prepare("name"))` then
 * `q(tx).execute({…})`.
 */
export function preparedInTransaction<T extends object>(build: (db: Db) => T): (tx: Tx) => T {
  // Keyed by the session's class (one per driver): a statement built on one driver's session runs on its clients only.
  const cache = new WeakMap<object, T>();
  return (tx) => {
    // Both drivers' prepared queries run on their `client`, and their sessions keep the transaction's.
    const session = tx._.session;
    // The driver session's connection: not part of drizzle's typed surface.
    const client: unknown = Reflect.get(session, "client");
    const kind = Object.getPrototypeOf(session) as object;
    let q = cache.get(kind);
    if (!q) {
      q = build(tx);
      cache.set(kind, q);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(q) as object) as T, q, { client });
  };
}

/**
 * A raw statement (`sql` with `sql.placeholder(…)` for its values) built once and run in a transaction, as
 * preparedInTransaction's: `tx.execute(sql)` turns the template into its text on every call. `execute(values)` starts
 * it in the call and answers its rows whatever the driver (postgres.js: an array; PGlite: `{ rows }`).
 */
export function preparedSqlInTransaction<T>(
  name: string,
  build: () => SQL,
): (tx: Tx) => { execute: (values: Record<string, unknown>) => Promise<T[]> } {
  // The handles are made without a casing option, so a dialect of its own writes the same SQL as theirs.
  const dialect = new PgDialect();
  const statement = preparedInTransaction((db) =>
    db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false),
  );
  return (tx) => {
    const q = statement(tx);
    return {
      execute: (values) =>
        q.execute(values).then((r) => (Array.isArray(r) ? r : ((r as { rows?: T[] }).rows ?? [])) as T[]),
    };
  };
}
