import { consoleIntl } from "@/lib/integrator/console/i18n";
import { returnTo } from "@/lib/integrator/console/return-to";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { ThemePicker } from "../theme";

export const dynamic = "force-dynamic";

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The console's sign-in, in the operator's language (the console's cookie, else Accept-Language). After an
 * expired session it says so, and signing in leads back to the page that was asked for (`next`).
 */
export default async function ConsoleLogin({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const { t, locale } = await consoleIntl();
  const next = returnTo(new URLSearchParams({ returnTo: one(sp.next) ?? "" }), "");
  const msg = one(sp.msg) ?? (one(sp.expired) ? t("login.expired") : undefined);
  const input =
    "mt-1 w-full rounded-md border border-slate-400 bg-white p-2 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";
  return (
    <div lang={locale} className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main className="mx-auto max-w-md p-8">
        <div className="flex items-center justify-between gap-3">
          <h1 className="flex items-center gap-2 text-2xl font-semibold">
            {/* biome-ignore lint/performance/noImgElement: a small static SVG from public/ */}
            <img src="/logo.svg" alt="" width={32} height={32} />
            {t("login.title")}
          </h1>
          <ThemePicker
            labels={{
              theme: t("common.theme"),
              system: t("common.themeSystem"),
              light: t("common.themeLight"),
              dark: t("common.themeDark"),
            }}
          />
        </div>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("login.intro")}</p>
        {msg ? (
          <p
            role="status"
            className="mt-4 rounded-md bg-amber-100 p-2 text-amber-950 dark:bg-amber-900/60 dark:text-amber-50"
          >
            {msg}
          </p>
        ) : null}
        <form method="post" action="/console/session" className="mt-6 space-y-4">
          {next ? <input type="hidden" name="returnTo" value={next} /> : null}
          <label className="block">
            <span className="text-sm font-medium">{t("login.clientId")}</span>
            <input name="clientId" required autoComplete="username" className={input} />
          </label>
          <label className="block">
            <span className="text-sm font-medium">{t("login.clientSecret")}</span>
            <input name="clientSecret" type="password" required autoComplete="current-password" className={input} />
          </label>
          <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 font-medium text-white hover:bg-blue-800">
            {t("login.signIn")}
          </button>
        </form>
        <form method="post" action="/console/locale" className="mt-8 flex items-center gap-2 text-sm">
          <input
            type="hidden"
            name="returnTo"
            value={next ? `/console/login?next=${encodeURIComponent(next)}` : "/console/login"}
          />
          <label htmlFor="login-locale">{t("common.language")}</label>
          <select
            id="login-locale"
            name="locale"
            defaultValue={locale}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="en">{t("languages.en")}</option>
            <option value="de">{t("languages.de")}</option>
          </select>
          <button type="submit" className="rounded-md border border-slate-300 px-2 py-1 dark:border-slate-600">
            {t("common.change")}
          </button>
        </form>
      </main>
    </div>
  );
}
