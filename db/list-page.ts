import { and, asc, desc, gt, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { decodeCursor, encodeCursor, type Page } from "@/lib/api-core/pagination";
import type { DbOrTx } from "./client";
import { readDb } from "./replica";

type Table = PgTable & { id: PgColumn };

/**
 * One page of `table` in id order (UUIDv7: creation order) under `filters`, after `cursor`, with the
 * total count of the filters. Every list endpoint pages through this, so all pages look alike.
 */
export async function listPage<TT extends Table, T>(
  table: TT,
  q: { limit: number; cursor?: string; sortOrder?: "asc" | "desc"; filters: SQL[] },
  map: (rows: TT["$inferSelect"][]) => T[] | Promise<T[]>,
  db?: DbOrTx,
): Promise<Page<T>> {
  // A list may read from the read replica once it has caught up (db/replica.ts); inside a transaction, the caller's.
  const conn = db ?? (await readDb());
  const after = decodeCursor(q.cursor);
  const descending = q.sortOrder === "desc";
  const where = [...q.filters];
  if (after) where.push(descending ? lt(table.id, after) : gt(table.id, after));
  const [rows, totalCount] = await Promise.all([
    conn
      .select()
      .from(table as PgTable)
      .where(and(...where))
      .orderBy(descending ? desc(table.id) : asc(table.id))
      .limit(q.limit + 1) as Promise<TT["$inferSelect"][]>,
    conn.$count(table, and(...q.filters)),
  ]);
  const hasMore = rows.length > q.limit;
  const slice = hasMore ? rows.slice(0, q.limit) : rows;
  const out: Page<T> = { data: await map(slice), hasMore, totalCount };
  if (hasMore) out.nextCursor = encodeCursor(String((slice[slice.length - 1] as { id: string }).id));
  return out;
}
