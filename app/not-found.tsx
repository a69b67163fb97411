import { headers } from "next/headers";
import Link from "next/link";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { ConsoleTheme } from "./console/theme";

/** The site's 404 page: in the visitor's language, in the light or dark theme, with the ways back. */
export default async function NotFound() {
  const [{ t, locale }, h] = await Promise.all([consoleIntl(), headers()]);
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-blue-800 hover:bg-slate-100 dark:border-slate-600 dark:text-blue-300 dark:hover:bg-slate-800";
  return (
    <ConsoleTheme nonce={h.get("x-nonce") ?? undefined}>
      <div lang={locale} className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <main className="mx-auto flex max-w-lg flex-col items-start gap-4 px-6 py-16">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src="/logo.svg" alt="" width={48} height={48} />
          <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">404</p>
          <h1 className="text-3xl font-semibold tracking-tight">{t("notFound.title")}</h1>
          <p className="text-slate-700 dark:text-slate-300">{t("notFound.body")}</p>
          <div className="flex flex-wrap gap-2">
            <Link href="/" className={link}>
              {t("notFound.home")}
            </Link>
            <Link href="/console" className={link}>
              {t("notFound.console")}
            </Link>
          </div>
        </main>
      </div>
    </ConsoleTheme>
  );
}
