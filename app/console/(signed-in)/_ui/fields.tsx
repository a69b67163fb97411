import type { ReactNode } from "react";

/** A detail page's fields: label and value pairs, two columns on wide screens. */
export function Fields({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 dark:border-slate-800 dark:bg-slate-900">
      {items.map(([k, v]) => (
        <div key={k} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{k}</dt>
          <dd className="mt-0.5 break-words text-sm">{v ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
