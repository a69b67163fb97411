/**
 * A whole quote or transaction row as placeholders of a statement built once, and the values that fill them: the end of
 * an execution inserts its rows through them (lib/server/transactions/transitions.ts finishStatement).
 */
import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { quotes, transactions } from "@/db/schema";

type RowTable = typeof quotes | typeof transactions;

/** A column of a row bound per call: its key in the row, its placeholder's name, the column (its encoder). */
type Binding = { key: string; name: string; column: Column };

const bindingsOf = new Map<RowTable, Binding[]>();

/** The bindings of `table`'s columns, placeholders named `prefix` + the column's key (one prefix per table). */
function bindings(table: RowTable, prefix: string): Binding[] {
  let out = bindingsOf.get(table);
  if (!out) {
    out = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: prefix + key, column }));
    bindingsOf.set(table, out);
  }
  return out;
}

/**
 * A whole row of `table` as placeholders, `prefix` + the column's key, for a statement built once. Raw placeholders, not
 * bound to their columns: drizzle would run a column's encoder on a null too when it fills one in (a null timestamp
 * throws, a null jsonb becomes JSON null), so bindInto() encodes the values itself, as the query builder does.
 */
export function placeholders<T extends RowTable>(table: T, prefix: string): Record<keyof T["$inferInsert"], SQL> {
  const row = bindings(table, prefix).map((b) => [b.key, sql`${sql.placeholder(b.name)}`]);
  return Object.fromEntries(row) as Record<keyof T["$inferInsert"], SQL>;
}

/**
 * The values of placeholders(table, prefix) for `row`, written into `params`: every column, encoded for the driver (an
 * absent one null). One loop over the columns: building and spreading an object per table took ≈ 0.3 ms of a payment.
 */
export function bindInto(params: Record<string, unknown>, table: RowTable, prefix: string, row: object): void {
  const values = row as Record<string, unknown>;
  for (const b of bindings(table, prefix)) {
    const v = values[b.key];
    params[b.name] = v === undefined || v === null ? null : b.column.mapToDriverValue(v);
  }
}
