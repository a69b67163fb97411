import Link from "next/link";
import type { ReactNode } from "react";
import { pageLinks, type SearchParams } from "@/lib/integrator/console/list-params";
import type { ConsoleT } from "@/lib/integrator/console/i18n";

/** The page's heading and one-line description, with room for actions on the right. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

const TONES = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  bad: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  neutral: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
} as const;

const STATUS_TONE: Record<string, keyof typeof TONES> = {
  COMPLETED: "good",
  DELIVERED: "good",
  APPROVED: "good",
  ACTIVE: "good",
  CONNECTED: "good",
  PENDING: "warn",
  PROCESSING: "info",
  PENDING_APPROVAL: "warn",
  PAUSED: "warn",
  FAILED: "bad",
  REJECTED: "bad",
  EXPIRED: "bad",
  REFUNDED: "neutral",
  SKIPPED: "neutral",
  RESOLVE_ERRORS: "warn",
  PENDING_MANUAL_REVIEW: "warn",
  IN_PROGRESS: "info",
  READY_FOR_VERIFICATION: "info",
  HOLD: "warn",
  UNVERIFIED: "neutral",
};

/** A status as a coloured label (its words from the catalogue when it has them). */
export function Badge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[STATUS_TONE[status] ?? "neutral"]}`}
    >
      {label ?? status}
    </span>
  );
}

/** An id in a monospace face, breakable on a phone, optionally a link to its detail page. */
export function Id({ value, href }: { value: string; href?: string }) {
  const text = <span className="break-all font-mono text-xs">{value}</span>;
  return href ? (
    <Link
      href={href}
      className="text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-2 dark:text-blue-300"
    >
      {text}
    </Link>
  ) : (
    text
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-2 dark:text-blue-300"
    >
      {children}
    </Link>
  );
}

/** A filter: a select of values, or a text box. */
export type Filter =
  | { name: string; label: string; options: { value: string; label: string }[] }
  | { name: string; label: string; placeholder?: string };

/**
 * The search box and filters of a list: a plain GET form, so the state lives in the URL and works without
 * script. Submitting starts again from the first page (the cursor is not a field).
 */
export function SearchForm({
  action,
  sp,
  search,
  filters,
  t,
}: {
  action: string;
  sp: SearchParams;
  search?: { label: string; placeholder: string };
  filters: Filter[];
  t: ConsoleT;
}) {
  const value = (name: string) => {
    const v = sp[name];
    return (Array.isArray(v) ? v[0] : v) ?? "";
  };
  const input =
    "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";
  return (
    <search>
      <form
        method="get"
        action={action}
        className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-800 dark:bg-slate-900"
      >
        {search ? (
          <label className="block text-sm sm:col-span-2">
            <span className="font-medium">{search.label}</span>
            <input
              type="search"
              name="q"
              defaultValue={value("q")}
              placeholder={search.placeholder}
              className={input}
            />
          </label>
        ) : null}
        {filters.map((f) => (
          // biome-ignore lint/a11y/noLabelWithoutControl: the control is the select or the input chosen below, inside the label.
          <label key={f.name} className="block text-sm">
            <span className="font-medium">{f.label}</span>
            {"options" in f ? (
              <select name={f.name} defaultValue={value(f.name)} className={input}>
                <option value="">{t("common.any")}</option>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input name={f.name} defaultValue={value(f.name)} placeholder={f.placeholder} className={input} />
            )}
          </label>
        ))}
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
          >
            {t("common.apply")}
          </button>
          <Link href={action} className="rounded-md px-3 py-1.5 text-sm text-slate-700 underline dark:text-slate-300">
            {t("common.reset")}
          </Link>
        </div>
      </form>
    </search>
  );
}

/** "Page n · total" with Previous / Next links over the service's cursors. */
export function Pager({
  path,
  sp,
  page,
  t,
}: {
  path: string;
  sp: SearchParams;
  page: { hasMore?: boolean; nextCursor?: string | null; totalCount?: number; data: unknown[] };
  t: ConsoleT;
}) {
  const { next, previous, pageNumber } = pageLinks(path, sp, page);
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  const off =
    "rounded-md border border-slate-200 px-3 py-1.5 text-sm text-slate-500 dark:border-slate-800 dark:text-slate-400";
  return (
    <nav aria-label={t("common.pagination")} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="page-info">
        {t("common.pageInfo", {
          page: pageNumber,
          shown: page.data.length,
          total: page.totalCount ?? page.data.length,
        })}
      </p>
      <div className="flex gap-2">
        {previous ? (
          <Link href={previous} className={link} rel="prev">
            {t("common.previous")}
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            {t("common.previous")}
          </span>
        )}
        {next ? (
          <Link href={next} className={link} rel="next">
            {t("common.next")}
          </Link>
        ) : (
          <span className={off} aria-disabled="true">
            {t("common.next")}
          </span>
        )}
      </div>
    </nav>
  );
}

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

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ?? slug(title)} className="space-y-3">
      <h2 id={id ?? slug(title)} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** A JSON document, pretty-printed and scrollable. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: names the block for screen readers; not a landmark, so the page's own "Payload" section stays the one region of that name.
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable block must be reachable by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
      aria-label={label}
      className="max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** An amount in minor units with its currency, formatted for the locale (codes Intl does not know keep their code). */
export function money(
  m: { amount: number; currency: { code: string; decimals: number } } | undefined | null,
  locale: string,
): string {
  if (!m) return "—";
  const value = m.amount / 10 ** m.currency.decimals;
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency: m.currency.code,
      minimumFractionDigits: m.currency.decimals,
      maximumFractionDigits: m.currency.decimals,
    }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: m.currency.decimals, maximumFractionDigits: m.currency.decimals }).format(value)} ${m.currency.code}`;
  }
}

export const buttonPrimary = "rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800";
export const buttonDanger = "rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800";
export const buttonGood = "rounded-md bg-emerald-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-emerald-800";
export const buttonPlain =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
export const inputClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900";
