/**
 * db/transaction-client.ts on the suite's PostgreSQL database, through a loopback TCP proxy that counts round trips
 * ("flights": a run of bytes from the client after the server last answered). BEGIN travels with a transaction's first
 * statement, so a transaction of n statements costs n + 1 flights, not n + 2; and what the driver's own `begin`
 * guarantees still holds: commit, rollback on a thrown error, an error the callback swallowed still fails the
 * transaction, savepoints, and no BEGIN/COMMIT for a transaction that sent nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { commitWithLastWrites, transactionClient } from "@/db/transaction-client";
import { type CountingProxy, startCountingProxy } from "../../support/counting-proxy";

let proxy: CountingProxy;
let pool: postgres.Sql;
let db: ReturnType<typeof drizzle>;
const table = `tx_client_${process.pid}`;

beforeAll(async () => {
  proxy = await startCountingProxy(new URL(inject("databaseUrl")));
  pool = postgres(proxy.url, { max: 1, onnotice: () => {} });
  db = drizzle(transactionClient(pool, { prepare: true }));
  await db.execute(sql.raw(`create table ${table} (id int primary key, note text)`));
});

afterAll(async () => {
  await db.execute(sql.raw(`drop table if exists ${table}`));
  await pool.end();
  await proxy.close();
});

const rows = async () =>
  (await db.execute(sql.raw(`select id, note from ${table} order by id`))) as unknown as { id: number; note: string }[];
const insert = (tx: { execute: typeof db.execute }, id: number, note = "x") =>
  tx.execute(sql`insert into ${sql.raw(table)} (id, note) values (${id}, ${note})`);

describe("transactions on the pipelining client", () => {
  it("sends BEGIN with the first statement: two statements and COMMIT in three round trips, and they commit", async () => {
    // Warm: the connection open and the insert prepared on it (a statement's first run also has it described).
    await db.transaction(async (tx) => {
      await insert(tx, 0);
      await tx.execute(sql.raw(`delete from ${table}`));
    });
    const before = proxy.flights();
    await db.transaction(async (tx) => {
      await insert(tx, 1);
      await insert(tx, 2);
    });
    // BEGIN + insert, insert, COMMIT. The driver's own begin takes four (BEGIN alone first).
    expect(proxy.flights() - before).toBe(3);
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it("the first statement runs inside the transaction: a thrown error rolls it back", async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 3);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it("a statement error the callback swallowed still fails the transaction, with that error, and nothing commits", async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 4);
        await insert(tx, 1).catch(() => {}); // duplicate key: PostgreSQL aborts the transaction
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it("a statement answered after the callback resolved (sent with the COMMIT) that fails rolls everything back", async () => {
    let late: Promise<unknown> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 5);
        // Not awaited (`.execute()` runs the statement once; awaiting drizzle's query object again would run it again):
        // travels with the COMMIT, fails (duplicate), so COMMIT rolls back.
        late = insert(tx, 2).execute();
        late.catch(() => {});
      }),
    ).rejects.toMatchObject({ code: "23505" });
    await expect(late).rejects.toMatchObject({ cause: { code: "23505" } }); // drizzle's wrapper of the driver's error
    expect((await rows()).map((r) => r.id)).toEqual([1, 2]);
  });

  it("a failed savepoint rolls back to itself and the outer transaction commits", async () => {
    await db.transaction(async (tx) => {
      await insert(tx, 6);
      await tx
        .transaction(async (sp) => {
          await insert(sp, 7);
          await insert(sp, 1); // duplicate: this savepoint only
        })
        .catch(() => {});
      await insert(tx, 8);
    });
    expect((await rows()).map((r) => r.id)).toEqual([1, 2, 6, 8]);
  });

  it("a transaction that sends no statement sends neither BEGIN nor COMMIT", async () => {
    const before = proxy.flights();
    expect(await db.transaction(async () => 42)).toBe(42);
    expect(proxy.flights() - before).toBe(0);
  });

  it("statements started together travel in one round trip, in the order they were started, whatever the awaits between", async () => {
    await db.execute(sql.raw(`delete from ${table} where id >= 20`));
    const count = (tx: { execute: typeof db.execute }) =>
      tx.execute(sql`select count(*)::int as n from ${sql.raw(table)} where id >= 20`);
    // Warm: the count prepared on the connection (its first run is described first).
    await db.transaction(async (tx) => count(tx));
    const before = proxy.flights();
    const seen = await db.transaction(async (tx) => {
      // The insert is reached through extra awaits, the count directly: started first, the insert still runs first.
      const deep = async () => {
        const q = insert(tx, 20).execute();
        await null;
        await null;
        return q;
      };
      const [, counted] = await Promise.all([deep(), count(tx).execute()]);
      return (counted as unknown as { n: number }[])[0].n;
    });
    expect(seen).toBe(1); // the count ran after the insert, in the same transaction
    expect(proxy.flights() - before).toBe(2); // BEGIN + insert + count, then COMMIT
  });

  it("commitWithLastWrites: the COMMIT travels with the last statements (one round trip fewer), and nothing may follow it", async () => {
    await db.execute(sql.raw(`delete from ${table} where id >= 30`));
    const before = proxy.flights();
    await db.transaction(async (tx) => {
      await insert(tx, 30);
      await Promise.all([insert(tx, 31).execute(), commitWithLastWrites(tx)]);
      // After the COMMIT, a statement of this transaction is refused before it is sent.
      await expect(insert(tx, 32).execute()).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/after this transaction's COMMIT/) },
      });
    });
    // BEGIN + insert, then insert + COMMIT: two round trips where the COMMIT after the callback would take three.
    expect(proxy.flights() - before).toBe(2);
    expect((await rows()).filter((r) => r.id >= 30).map((r) => r.id)).toEqual([30, 31]);
  });

  it("commitWithLastWrites: a last statement that fails turns the COMMIT into a rollback, with that statement's error", async () => {
    await expect(
      db.transaction(async (tx) => {
        await insert(tx, 33);
        const last = insert(tx, 30).execute(); // duplicate key
        last.catch(() => {});
        await commitWithLastWrites(tx);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await rows()).filter((r) => r.id >= 30).map((r) => r.id)).toEqual([30, 31]);
  });

  it("an isolation level applies (drizzle's SET TRANSACTION is the first statement, after the pipelined BEGIN)", async () => {
    const level = await db.transaction(
      async (tx) =>
        (
          (await tx.execute(sql`select current_setting('transaction_isolation') as level`)) as unknown as {
            level: string;
          }[]
        )[0].level,
      { isolationLevel: "serializable" },
    );
    expect(level).toBe("serializable");
  });
});
