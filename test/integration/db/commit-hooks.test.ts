/**
 * db/commit-hooks.ts on the suite's PostgreSQL (through the pipelining client, as db/client.ts builds it) and on PGlite:
 * a hook registered in a transaction runs once it has committed, and only then; never for a rollback; once however often
 * it is registered; a savepoint's registration runs at the outer COMMIT (with an early COMMIT too); and `afterCommit`
 * on the database itself answers false (its statements commit on their own).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { Db } from "@/db/client";
import { afterCommit, withCommitHooks } from "@/db/commit-hooks";
import { commitWithLastWrites, transactionClient } from "@/db/transaction-client";

const table = `commit_hooks_${process.pid}`;
let pool: postgres.Sql;
let pglite: PGlite;
const dbs: [string, () => Db][] = [];

beforeAll(async () => {
  pool = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
  const pg = withCommitHooks(drizzle(transactionClient(pool, { prepare: true })) as unknown as Db);
  pglite = new PGlite();
  const lite = withCommitHooks(drizzlePglite(pglite) as unknown as Db);
  for (const db of [pg, lite]) await db.execute(sql.raw(`create table ${table} (id int primary key)`));
  dbs.push(["PostgreSQL", () => pg], ["PGlite", () => lite]);
});

afterAll(async () => {
  await dbs[0]?.[1]().execute(sql.raw(`drop table if exists ${table}`));
  await pool?.end();
  await pglite?.close();
});

const insert = (db: { execute: Db["execute"] }, id: number) =>
  db.execute(sql.raw(`insert into ${table} values (${id})`));
const count = async (db: Db, id: number) => {
  const r = (await db.execute(sql.raw(`select count(*)::int as n from ${table} where id = ${id}`))) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows)[0].n as number;
};

describe.each([0, 1])("commit hooks (%#: PostgreSQL, PGlite)", (k) => {
  const db = () => dbs[k][1]();

  it("runs a hook once the transaction has committed: its write is visible to another connection by then", async () => {
    const seen: number[] = [];
    const hook = () => {
      // Run before db.transaction resolves, after the COMMIT answered: the row is there for everyone.
      void count(db(), 10 + k).then((n) => seen.push(n));
    };
    let registered = false;
    let ranInside = false;
    await db().transaction(async (tx) => {
      await insert(tx, 10 + k);
      registered = afterCommit(tx, hook);
      afterCommit(tx, hook); // once, however often registered
      ranInside = seen.length > 0;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(registered).toBe(true);
    expect(ranInside).toBe(false);
    expect(seen).toEqual([1]);
  });

  it("runs none for a transaction that rolls back", async () => {
    let ran = 0;
    await expect(
      db().transaction(async (tx) => {
        await insert(tx, 20 + k);
        afterCommit(tx, () => ran++);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(ran).toBe(0);
    expect(await count(db(), 20 + k)).toBe(0);
  });

  it("keeps a savepoint's hook for the outer COMMIT", async () => {
    let ran = 0;
    await db().transaction(async (tx) => {
      await tx.transaction(async (sp) => {
        await insert(sp, 30 + k);
        expect(afterCommit(sp, () => ran++)).toBe(true);
      });
      expect(ran).toBe(0);
    });
    expect(ran).toBe(1);
  });

  it("runs after an early COMMIT too (commitWithLastWrites), once", async () => {
    let ran = 0;
    await db().transaction(async (tx) => {
      afterCommit(tx, () => ran++);
      await Promise.all([insert(tx, 40 + k), commitWithLastWrites(tx)]);
    });
    expect(ran).toBe(1);
    expect(await count(db(), 40 + k)).toBe(1);
  });

  it("answers false outside a transaction: the caller's statement has committed on its own", async () => {
    let ran = 0;
    expect(afterCommit(db(), () => ran++)).toBe(false);
    await db().transaction(async () => {});
    expect(ran).toBe(0);
  });
});
