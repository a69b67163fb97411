import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/**
 * The database handle's types, apart from the client that opens it, so that what the client wraps a handle with
 * (db/commit-hooks.ts) can name them without importing the client back.
 *
 * Without drizzle's relational query API (`db.query.<table>`): given the schema, drizzle builds a query builder for
 * every table each time it makes a database object, and it makes one for every transaction and savepoint (≈ 50 tables:
 * bench/README.md "Signed retry"). Queries name their tables (`db.select().from(table)`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;
