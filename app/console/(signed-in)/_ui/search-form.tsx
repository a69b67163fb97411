import Link from "next/link";
import type { ConsoleT } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";

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
