import { getDb, type Db } from "./client";

/**
 * A drizzle prepared statement built once per database handle, for hot paths (AgentAuth, the agent
 * lookup): it skips building the SQL on every request. Usage: `const q = preparedQuery((db) => db.select()….prepare("name"))`
 * then `(await q()).execute({…})`.
 */
export function preparedQuery<T>(build: (db: Db) => T): () => Promise<T> {
  const cache = new WeakMap<Db, T>();
  return async () => {
    const db = await getDb();
    let q = cache.get(db);
    if (!q) cache.set(db, (q = build(db)));
    return q;
  };
}
