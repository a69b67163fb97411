import type { ReservedSql, Sql, TransactionSql } from "postgres";

/**
 * The postgres.js client handed to drizzle (db/client.ts). Two changes to the driver's own:
 *
 * - `prepare` (unless DATABASE_PREPARE=false): every query is sent as a prepared statement. drizzle sends each query
 *   it was not asked to name (`.prepare("…")`) with `prepare: false`, and postgres.js then has PostgreSQL describe every
 *   parameterized query in a round trip of its own before it binds and runs it: two round trips per statement
 *   (bench/README.md "Money path"). postgres.js keeps prepared statements per connection, keyed by their text and
 *   parameter types, so a statement is described once per connection and then runs in one round trip, and PostgreSQL
 *   parses it once. The text of a drizzle query depends only on its shape (values are parameters), so the statements a
 *   connection keeps are bounded by the code's query shapes (an `in (…)` list or a multi-row insert counts once per
 *   length), and postgres.js retires connections after 30–60 minutes.
 * - `begin` (what drizzle's `db.transaction` calls): BEGIN travels with the transaction's first statement instead of
 *   costing a round trip of its own. postgres.js's `begin` sends BEGIN, waits for its answer, and only then runs the
 *   callback; here the callback runs at once on a reserved connection, and BEGIN is written just before its first
 *   statement, on the same connection, in the same socket write (postgres.js pipelines what is queued in one turn of
 *   the event loop). A transaction of n statements is n + 1 round trips instead of n + 2: the signed retry's claim
 *   (bench/README.md "Signed retry") is BEGIN + claim, then the stored answer + COMMIT; a payment saves one of its ≈ 10.
 *
 * Why pipelining BEGIN is safe: PostgreSQL answers each pipelined statement in order, and a statement after a
 * failed one still runs (postgres.js ends every statement with its own Sync). So the first statement would run
 * outside a transaction only if BEGIN failed; BEGIN on an idle connection fails only when the connection does, and
 * then every statement written after it on that connection fails with it (a closed connection refuses its queries:
 * postgres.js does not reconnect a connection while it is reserved).
 *
 * What the driver's `begin` does and this keeps: COMMIT after the callback resolves, ROLLBACK when it rejects (the
 * callback's error is the answer), savepoints (drizzle's nested `tx.transaction`), and an error of any statement of
 * the transaction answered even when the callback caught it: PostgreSQL has then aborted the transaction and turns
 * the COMMIT into a ROLLBACK, so that is checked on the COMMIT's answer (its command tag), and the first error the
 * transaction saw is thrown. A transaction that sent no statement sends neither BEGIN nor COMMIT. Options (`begin
 * isolation level …`) go to the driver's own `begin`.
 */
export function transactionClient(pool: Sql, { prepare }: { prepare: boolean }): Sql {
  const replaced: Record<PropertyKey, unknown> = {
    begin: (...args: unknown[]) => {
      const fn = args.pop() as (tx: Sql | TransactionSql) => unknown;
      const options = args.length ? String(args[0]) : "";
      if (options.trim()) return pool.begin(options, (tx) => fn(preparing(tx, prepare)));
      return pipelinedTransaction(pool, fn, prepare);
    },
  };
  if (prepare) replaced.unsafe = preparedUnsafe(pool);
  return new Proxy(pool, {
    get: (target, prop, receiver) =>
      Object.hasOwn(replaced, prop) ? replaced[prop] : Reflect.get(target, prop, receiver),
  });
}

type Unsafe = (query: string, params?: unknown[], options?: object) => ReturnType<Sql["unsafe"]>;

function preparedUnsafe(sql: Sql | TransactionSql): Unsafe {
  return (query, params, options) => sql.unsafe(query, params as never, { ...options, prepare: true });
}

/** A transaction client of the driver's own `begin` (options given), with every query prepared. */
function preparing(tx: TransactionSql, prepare: boolean): TransactionSql {
  if (!prepare) return tx;
  const unsafe = preparedUnsafe(tx);
  return new Proxy(tx, {
    get: (target, prop, receiver) => (prop === "unsafe" ? unsafe : Reflect.get(target, prop, receiver)),
  });
}

/** The property of a pipelined transaction's client that writes its COMMIT now (commitWithLastWrites). */
// Symbol.for: Next's server build may hold this module twice (one copy per chunk that imports it); the registry's
// symbol is the same in both.
const COMMIT_NOW = Symbol.for("db/transaction-client commit now");

/**
 * Write the transaction's COMMIT right behind the statements already started, in the same socket write, instead of
 * after the callback resolves: one round trip fewer while the transaction holds its locks (the hot money path,
 * lib/server/transactions/execute-transaction.ts). Resolves when the COMMIT is answered; rejects with the transaction's first
 * error if PostgreSQL turned it into a ROLLBACK. The caller must have decided everything before: any check of the
 * last statements' answers runs after the commit (the money path checks its invariants under its locks, before its
 * last writes). No statement may be started after it on this transaction: one would throw. A client without pipelining
 * (PGlite, a driver transaction with options) commits when the callback resolves, as always: undefined.
 */
export function commitWithLastWrites(drizzleTx: unknown): Promise<void> | undefined {
  // drizzle's transaction runs its queries on `session.client`: the client built below (or PGlite's).
  const client = (drizzleTx as { session?: { client?: { [COMMIT_NOW]?: () => Promise<void> } } }).session?.client;
  return client?.[COMMIT_NOW]?.();
}

async function pipelinedTransaction(
  pool: Sql,
  fn: (tx: Sql | TransactionSql) => unknown,
  prepare: boolean,
): Promise<unknown> {
  const conn: ReservedSql = await pool.reserve();
  let begun = false;
  let firstError: unknown;
  let savepoints = 0;
  let committed: Promise<void> | undefined;
  const commit = async () => {
    const answer = await conn.unsafe("commit").execute(); // behind every statement started before it
    // COMMIT of a transaction an earlier statement aborted answers ROLLBACK (no error): surface that statement's error.
    if (answer.command !== "COMMIT")
      throw firstError ?? new Error(`The transaction was rolled back (COMMIT answered ${answer.command})`);
  };
  const commitNow = () => {
    if (!begun) return Promise.resolve();
    committed ??= commit();
    return committed;
  };
  const beginOnce = () => {
    if (begun) return;
    begun = true;
    // Answered before the statement written after it; its error (a dead connection) is that statement's too.
    conn.unsafe("begin").catch(() => {});
  };
  const send: Unsafe = (query, params, options) => {
    if (committed) throw new Error(`A statement after this transaction's COMMIT: ${query}`);
    beginOnce();
    const q = conn.unsafe(query, params as never, prepare ? { ...options, prepare: true } : options);
    // Dispatched now, not when first awaited (postgres.js's default): the statements of a transaction reach the
    // connection in the order they were started, whatever the depth of the awaits between a caller and the driver.
    // That order is what a pipelined group relies on (lib/server/transactions/execute-transaction.ts: the day's volume runs
    // after the lock written before it in the same socket write). drizzle chains `.values()` synchronously, before the
    // driver builds the message (one microtask later).
    q.execute();
    q.catch((e: unknown) => {
      firstError ??= e;
    });
    return q;
  };
  const savepoint = async (...args: unknown[]) => {
    const body = args.pop() as (tx: Sql) => unknown;
    const name = `s${savepoints++}${args.length && typeof args[0] === "string" ? `_${args[0].replace(/[^a-z0-9_]/gi, "")}` : ""}`;
    await send(`savepoint ${name}`);
    try {
      return await body(tx);
    } catch (e) {
      await send(`rollback to ${name}`);
      throw e;
    }
  };
  const tx: Sql = new Proxy(conn, {
    get: (target, prop, receiver) =>
      prop === "unsafe"
        ? send
        : prop === "savepoint"
          ? savepoint
          : prop === COMMIT_NOW
            ? commitNow
            : Reflect.get(target, prop, receiver),
    // A tagged-template query (sql`…`) on the transaction: BEGIN first, like every other statement.
    apply: (target, self, args) => {
      beginOnce();
      return Reflect.apply(target, self, args);
    },
  });
  try {
    let result: unknown;
    try {
      result = await fn(tx);
    } catch (e) {
      // After an early COMMIT there is nothing left to roll back (it answered, or its error is this one).
      if (begun && !committed) await conn.unsafe("rollback").catch(() => {});
      // "current transaction is aborted": the statement that aborted it says why (as the driver's own begin does).
      throw (e as { code?: string }).code === "25P02" && firstError ? firstError : e;
    }
    if (!begun) return result;
    await commitNow();
    return result;
  } finally {
    conn.release();
  }
}
