import { getDb, getHandle, type Db } from "./client";

export interface PreparedQuery<T> {
  /** The statement for the current database handle, built on first use. */
  (): Promise<T>;
  /**
   * The statement, without a promise, once it is built for the current handle (else undefined): the hot path
   * does `(q.ready() ?? (await q())).execute(…)`. Each promise costs more than usual under Next.js (its
   * AsyncLocalStorage runs promise hooks for every one), and this spares three per request.
   */
  ready: () => T | undefined;
}

/**
 * A drizzle prepared statement built once per database handle, for hot paths (AgentAuth, the agent
 * lookup): it skips building the SQL on every request. Usage: `const q = preparedQuery((db) => db.select()….prepare("name"))`
 * then `(q.ready() ?? (await q())).execute({…})`.
 */
export function preparedQuery<T>(build: (db: Db) => T): PreparedQuery<T> {
  let built: { handle: Promise<unknown>; db: Db; q: T } | undefined;
  const get = async () => {
    const handle = getHandle();
    const db = await getDb();
    if (built?.db !== db) built = { handle, db, q: build(db) };
    return built.q;
  };
  return Object.assign(get, { ready: () => (built && built.handle === getHandle() ? built.q : undefined) });
}
