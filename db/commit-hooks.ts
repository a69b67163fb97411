import type { Db, DbOrTx } from "./types";

/**
 * Work that must wait for a transaction's COMMIT: what a committed write announces (lib/server/webhooks/announce-outbox.ts
 * wakes the webhook worker once an event is in). Every `db.transaction` of the handle (db/client.ts) keeps the hooks
 * registered in it with `afterCommit` and runs them once it has committed; a transaction that rolls back runs none.
 *
 * Why not a NOTIFY sent by the transaction itself (a trigger, or pg_notify in it): PostgreSQL serialises the commits of
 * every transaction that notifies behind one lock of the cluster, held through the commit's WAL flush. With one in each
 * payment, 16 concurrent payments (pgbench, a payout's statements) cost PostgreSQL about 0.95 CPU-ms each against 0.69
 * without it, and committed about 1,500 instead of 2,300 a second (measured with pgbench on a 2-core machine, 2026-11).
 *
 * A hook is kept on the transaction's driver client (`tx.session.client`), which a savepoint's transaction shares with
 * its parent: a hook registered inside a savepoint runs at the outer COMMIT (also when that savepoint was rolled back:
 * hooks announce, they must not assume the write is there). Hooks run in this process, after the COMMIT answered and
 * before `db.transaction` resolves; they must not throw. A transaction that committed early (commitWithLastWrites) and
 * whose callback then rejects runs none: a hook only hastens what polling does anyway (the webhook worker's).
 */
// Kept on the client object under a registry symbol: Next's server build may hold this module twice (one copy per chunk
// that imports it), and both copies must find the same hooks.
const HOOKS = Symbol.for("db/commit-hooks hooks");
type Client = { [HOOKS]?: Set<() => void> };

/** The driver session's connection (not part of drizzle's typed surface), where a transaction keeps its hooks. */
function clientOf(tx: DbOrTx): Client | undefined {
  const client: unknown = Reflect.get(tx._.session, "client");
  return typeof client === "object" || typeof client === "function" ? (client ?? undefined) : undefined;
}

/** The handle's `db` with its `transaction` keeping commit hooks (db/client.ts, for both drivers). */
export function withCommitHooks(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const withHooks: Db["transaction"] = async (fn, config) => {
    const hooks = new Set<() => void>();
    const result = await transaction((tx) => {
      const client = clientOf(tx);
      if (client) client[HOOKS] = hooks;
      return fn(tx);
    }, config);
    for (const hook of hooks) hook();
    return result;
  };
  return Object.assign(db, { transaction: withHooks });
}

/**
 * Run `hook` once the transaction `tx` has committed (once, however often it is registered in one transaction).
 * False when `tx` is not such a transaction (the handle's `db` itself: its statements commit on their own), so the
 * caller runs the hook itself once its write has answered.
 */
export function afterCommit(tx: DbOrTx, hook: () => void): boolean {
  const hooks = clientOf(tx)?.[HOOKS];
  if (!hooks) return false;
  hooks.add(hook);
  return true;
}
