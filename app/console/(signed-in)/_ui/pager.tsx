import Link from "next/link";
import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { pageLinks, type SearchParams } from "@/lib/integrator/console/list-params";

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
