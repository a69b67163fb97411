import Image from "next/image";
import type { ReactNode } from "react";
import { consolePage } from "@/lib/integrator/console/console-client";
import { CONSOLE_LOCALES, consoleIntl } from "@/lib/integrator/console/i18n";
import { CONSOLE_NAV } from "@/lib/integrator/console/nav";
import { Suspense } from "react";
import { HereField } from "./_ui/here-field";
import { NavLinks } from "./_ui/nav-links";

export const dynamic = "force-dynamic";

/**
 * The operators' console (integrator pages): a header, the navigation (a sidebar on wide screens, a scrolling
 * row on a phone) and one page per concern. Every read and action goes to the service over HTTP through the
 * typed SDK, with the operator's platform credentials.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  await consolePage();
  const { t, locale } = await consoleIntl();
  return (
    <div lang={locale} className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href="/console" className="flex items-center gap-2 font-semibold">
            <Image src="/logo.svg" alt="" width={28} height={28} unoptimized />
            <span>{t("brand")}</span>
          </a>
          <div className="flex items-center gap-2">
            <form method="post" action="/console/locale" className="flex items-center gap-1">
              <Suspense>
                <HereField />
              </Suspense>
              <label className="sr-only" htmlFor="console-locale">
                {t("common.language")}
              </label>
              <select
                id="console-locale"
                name="locale"
                defaultValue={locale}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
              >
                {CONSOLE_LOCALES.map((l) => (
                  <option key={l} value={l}>
                    {t(`languages.${l}`)}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600"
              >
                {t("common.change")}
              </button>
            </form>
            <form method="post" action="/console/logout">
              <button
                type="submit"
                className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {t("common.signOut")}
              </button>
            </form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-4 md:flex-row md:py-8">
        <aside className="md:w-52 md:shrink-0">
          <NavLinks
            label={t("nav.label")}
            items={CONSOLE_NAV.map((n) => ({ href: n.href, label: t(`nav.${n.key}`) }))}
          />
        </aside>
        <main className="min-w-0 flex-1 space-y-6">{children}</main>
      </div>
    </div>
  );
}
