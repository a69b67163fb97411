import { getDb, type Db, type Tx } from "./client";

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
 * A statement built once per database handle that runs inside a transaction. drizzle binds a prepared statement to the
 * client it was built on, and a transaction runs on a connection of its own, so building it inside the transaction
 * means building it on every call (≈ 0.2–0.4 ms of query building for an UPDATE … RETURNING: bench/README.md "Signed
 * retry"). Here it is built once on the pool and handed over to the transaction's client: the same SQL text,
 * placeholders and result mapping, run on the transaction's connection. Usage: `const q = preparedInTransaction((db) =>
 * db.update(…)….prepare("name"))` then `(await q(tx)).execute({…})`.
 */
export function preparedInTransaction<T extends object>(build: (db: Db) => T): (tx: Tx) => Promise<T> {
  const once = preparedQuery(build);
  return async (tx) => {
    const q = await once();
    // Both drivers' prepared queries run on their `client`, and their sessions keep the transaction's.
    const client = (tx as unknown as { session: { client: unknown } }).session.client;
    return Object.assign(Object.create(Object.getPrototypeOf(q) as object) as T, q, { client });
  };
}
