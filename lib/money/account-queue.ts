/**
 * An in-process queue per account, in front of PostgreSQL's row locks: one server instance sends at most one payment
 * of an account to wait on that account's row lock; the others wait here, in this process.
 *
 * Why: a payment locks its customer's row and its internal accounts' rows for the whole of its database transaction
 * (lib/transactions/execute-transaction.ts). Every payment from one hot account therefore waits for the one before it.
 * Waiting in PostgreSQL is dear: each waiter holds one of the pool's few connections and a backend, and each COMMIT
 * wakes every waiter on the row to re-check it (the newest row version is read again under READ COMMITTED). Waiting
 * here costs a promise. (Measured: bench/README.md "Session 10"; most of what a hot payment still costs PostgreSQL
 * is its day's volume, which no queue removes.)
 *
 * What it is not: the correctness mechanism. That stays PostgreSQL's row locks, which every instance's payments take
 * whether or not they went through a queue: servers are stateless and two instances behave as one. The queue holds
 * nothing that matters: lose it (a restart, another instance, a path that does not use it) and payments are exactly as
 * correct as without it, only their waiting moves back into PostgreSQL.
 *
 * Why it cannot deadlock:
 * 1. Among queued payments: a payment joins the queue of every key it names at once (synchronously, in one turn of
 *    the event loop), and waits only for the payments that joined those queues before it. Joining is a total order,
 *    so every wait points to an earlier payment: a circle of waits is impossible, whatever keys the payments share and
 *    in whatever order they name them.
 * 2. With the database: a payment joins the queue before it reserves a pooled connection and before BEGIN, so a
 *    payment waiting here holds no database lock and no connection, and nothing in the database waits for it. Once it
 *    has its turn it may wait on PostgreSQL (a row lock, a pool connection), but whoever it waits for there is inside a
 *    database transaction, and no code inside a database transaction waits for this queue (the only caller takes it
 *    around the whole transaction: lib/transactions/transitions.ts queuedMoneyTransaction). So no circle of waits
 *    runs through both: a wait for the queue never leads back to a queued payment through the database, and
 *    PostgreSQL's deadlock detector still sees every wait in the database.
 * 3. Not re-entrant by construction: the turn is taken in one place, around a database transaction, never inside one,
 *    so a payment never waits for a turn it holds.
 * 4. A turn always ends: `run` may hand it on early (the money engine does so once its row locks are granted), and it
 *    ends when `run` settles in any case (after COMMIT or ROLLBACK, or a failure before BEGIN).
 *
 * Bounded: a key's entry lives only while a payment holds or waits for its turn, and is removed by the last one to
 * leave; what waits is bounded by the requests in flight. Kept on globalThis: Next's server build may hold this module
 * once per route bundle, and one instance must have one queue per account.
 */

const QUEUES = Symbol.for("lib/money/account-queue");
type G = typeof globalThis & { [QUEUES]?: Map<string, Promise<void>> };

/** Per key, the turn of the last payment that joined its queue: the next one to join waits for it. */
function lastTurns(): Map<string, Promise<void>> {
  const g = globalThis as G;
  g[QUEUES] ??= new Map();
  return g[QUEUES];
}

/**
 * Run `run` when every earlier payment naming one of `keys` in this process has handed on its turn. `run` gets
 * `handOn`, which lets the next payment of these keys go now (idempotent; called anyway when `run` settles).
 */
export async function inAccountQueue<T>(keys: readonly string[], run: (handOn: () => void) => Promise<T>): Promise<T> {
  const turns = lastTurns();
  let resolve!: () => void;
  const mine = new Promise<void>((r) => (resolve = r)); // this payment's turn, over when it hands on
  const unique = [...new Set(keys)];
  const ahead: Promise<void>[] = [];
  for (const key of unique) {
    const before = turns.get(key);
    if (before) ahead.push(before);
    turns.set(key, mine);
  }
  let over = false;
  const handOn = () => {
    if (over) return;
    over = true;
    // The last one in a key's queue removes it: an idle account leaves nothing behind.
    for (const key of unique) if (turns.get(key) === mine) turns.delete(key);
    resolve();
  };
  try {
    // Never rejects: a turn is a promise that only resolves.
    if (ahead.length) await Promise.all(ahead);
    return await run(handOn);
  } finally {
    handOn();
  }
}

/** Keys currently queued in this process (for tests: an idle queue is empty). */
export function queuedAccountKeys(): number {
  return lastTurns().size;
}

/**
 * The keys of a payment: the rows its execution locks (execute-transaction.ts: the sending customer's row, then its
 * internal accounts), each named by its table, so that a customer and an account never share a key.
 */
export function executionQueueKeys(customerId: string | null, internalAccountIds: (string | null)[]): string[] {
  const keys = customerId ? [`customer:${customerId}`] : [];
  for (const id of internalAccountIds) if (id) keys.push(`account:${id}`);
  return keys;
}
