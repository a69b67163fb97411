import { and, asc, desc, gt, lt, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { decodeCursor, encodeCursor, type Page } from "@/lib/server/core/pagination";
import type { DbOrTx } from "./client";
import { readDb } from "./replica";

type Table = PgTable & { id: PgColumn };

/** Where a page's rows come from: the rows after a cursor in id order, and the total count of the filters. */
export interface PageSource<R> {
  /** The uuid column the page is ordered and cursored by (UUIDv7: creation order). */
  id: PgColumn;
  /** At most `limit` rows under the filters and `after` (undefined on the first page), in `order`. */
  rows: (after: SQL | undefined, order: SQL, limit: number) => Promise<R[]>;
  /** The number of rows under the filters (Grid's totalCount), cursor aside. */
  count: () => Promise<number>;
  /** The id (bare uuid) of a row, for the next cursor. */
  idOf: (row: R) => string;
}

/** One table's share of a list that pages several tables as one (mergedPageOf): its rows and how they become items. */
export interface MergedPart<T> {
  source: PageSource<unknown>;
  map: (rows: unknown[]) => T[] | Promise<T[]>;
}

/**
 * A part of a merged list, its row type kept between its source and its map: the rows mergedPageOf hands back to a
 * part are the ones its own source read.
 */
export const mergedPart = <R, T>(source: PageSource<R>, map: (rows: R[]) => T[] | Promise<T[]>): MergedPart<T> => ({
  source: { ...source, idOf: (row) => source.idOf(row as R) },
  map: (rows) => map(rows as R[]),
});

/**
 * The one paging rule every list answers through (Grid's `{data, hasMore, nextCursor, totalCount}`): `limit` rows
 * after the cursor in id order (ascending or descending), one more fetched to know whether more follow, the page and
 * its count run concurrently (two pool connections: the latency is the slower, not the sum).
 */
export async function pageOf<R, T>(
  q: { limit: number; cursor?: string; sortOrder?: "asc" | "desc" },
  source: PageSource<R>,
  map: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  return mergedPageOf(q, [mergedPart(source, map)]);
}

/**
 * The same rule over several tables as one list (GET /transactions: transfers and card transactions): each table's
 * keyset page after the one cursor, `limit + 1` rows each, merged in id order (UUIDv7 ids of every table share one
 * clock, and a uuid's text sorts as PostgreSQL sorts the uuid), so a page costs what each table's page costs at any
 * depth; totalCount is the sum of the parts' counts. Only the rows of the page are mapped, each part's in one call.
 */
export async function mergedPageOf<T>(
  q: { limit: number; cursor?: string; sortOrder?: "asc" | "desc" },
  parts: MergedPart<T>[],
): Promise<Page<T>> {
  const after = decodeCursor(q.cursor);
  const descending = q.sortOrder === "desc";
  const [pages, counts] = await Promise.all([
    Promise.all(
      parts.map(({ source }) =>
        source.rows(
          after ? (descending ? lt(source.id, after) : gt(source.id, after)) : undefined,
          descending ? desc(source.id) : asc(source.id),
          q.limit + 1,
        ),
      ),
    ),
    Promise.all(parts.map(({ source }) => source.count())),
  ]);
  const rows = pages.flatMap((page, k) => page.map((row) => ({ k, row, id: parts[k].source.idOf(row) })));
  if (parts.length > 1) rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (descending ? -1 : 1));
  const hasMore = rows.length > q.limit;
  const slice = hasMore ? rows.slice(0, q.limit) : rows;
  const items = await Promise.all(parts.map((part, k) => part.map(slice.filter((r) => r.k === k).map((r) => r.row))));
  const next = parts.map(() => 0);
  const out: Page<T> = {
    data: slice.map((r) => items[r.k][next[r.k]++]),
    hasMore,
    totalCount: counts.reduce((a, b) => a + b, 0),
  };
  if (hasMore) out.nextCursor = encodeCursor(slice[slice.length - 1].id);
  return out;
}

/**
 * One page of `table` in id order (UUIDv7: creation order) under `filters`, after `cursor`, with the
 * total count of the filters. Every list of one table pages through this, so all pages look alike.
 */
export async function listPage<TT extends Table, T>(
  table: TT,
  q: { limit: number; cursor?: string; sortOrder?: "asc" | "desc"; filters: SQL[] },
  map: (rows: TT["$inferSelect"][]) => T[] | Promise<T[]>,
  db?: DbOrTx,
): Promise<Page<T>> {
  // A list may read from the read replica once it has caught up (db/replica.ts); inside a transaction, the caller's.
  const conn = db ?? (await readDb());
  return pageOf(
    q,
    {
      id: table.id,
      rows: (after, order, limit) =>
        conn
          .select()
          .from(table as PgTable)
          .where(and(...q.filters, after))
          .orderBy(order)
          .limit(limit) as Promise<TT["$inferSelect"][]>,
      count: () => conn.$count(table, and(...q.filters)),
      idOf: (row) => String((row as { id: string }).id),
    },
    map,
  );
}
