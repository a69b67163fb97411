"use client";
import { FlexRender, tableFeatures, useTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";

/** A column: its id, its (already translated) heading, and whether a phone shows it as the card's title. */
export interface Column {
  id: string;
  header: string;
  /** The row's title on a phone (one column per table). */
  primary?: boolean;
}

/** A row: cells rendered on the server (text, links, badges, forms), keyed by column id. */
export interface Row {
  id: string;
  cells: Record<string, ReactNode>;
}

const features = tableFeatures({});

/**
 * The console's tables, headless through TanStack Table: the server fetches one page of the service's list (the
 * filters and the cursor live in the URL) and renders each cell; this component lays the row model out as a
 * table on wider screens and as a list of cards on a phone.
 */
export function DataTable({
  columns,
  rows,
  caption,
  empty,
  testId,
}: {
  columns: Column[];
  rows: Row[];
  caption: string;
  empty: string;
  testId?: string;
}) {
  const defs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: (r: Row) => r.cells[c.id],
        cell: (info) => info.getValue() as ReactNode,
      })),
    [columns],
  );
  const table = useTable({ features, columns: defs, data: rows, getRowId: (r) => r.id });
  const primary = columns.find((c) => c.primary)?.id ?? columns[0]?.id;
  if (rows.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
        {empty}
      </p>
    );
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm md:block dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2 font-semibold">
                    <FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} data-testid={testId} className="align-top hover:bg-slate-50 dark:hover:bg-slate-800/40">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2">
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {table.getRowModel().rows.map((row) => (
          <li
            key={row.id}
            data-testid={testId}
            className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <div className="font-medium">
              {
                row
                  .getAllCells()
                  .find((c) => c.column.id === primary)
                  ?.getValue() as ReactNode
              }
            </div>
            <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
              {row
                .getAllCells()
                .filter((c) => c.column.id !== primary)
                .map((cell) => (
                  <div key={cell.id} className="contents">
                    <dt className="text-slate-600 dark:text-slate-400">
                      {columns.find((c) => c.id === cell.column.id)?.header}
                    </dt>
                    <dd className="min-w-0 break-words">
                      <FlexRender cell={cell} />
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
