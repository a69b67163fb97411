import Image from "next/image";
import Link from "next/link";
import { createTranslator } from "use-intl";
import { sandboxFirstCall } from "@/lib/integrator/backend/front-page";
import { CopyButton } from "@/lib/integrator/ui/copy-button";
import { PageSettings } from "@/lib/integrator/ui/page-settings";
import { UiProviders } from "@/lib/integrator/ui/providers";
import { uiContext } from "@/lib/integrator/ui/server";

/**
 * The front page: what the service is, its three doors (wallet, console, API reference) and, on a sandbox, the
 * platform's client id and the curl lines of a first call. The secret is never on the page: the operator has it from
 * `npm start` (or their configuration).
 */
export default async function Home() {
  const [ui, first] = await Promise.all([uiContext(), sandboxFirstCall()]);
  const t = createTranslator({ locale: ui.locale, messages: ui.messages, namespace: "front" });
  const doors = [
    { href: "/wallet", title: t("wallet"), line: t("walletLine") },
    { href: "/console", title: t("console"), line: t("consoleLine") },
    { href: "/docs", title: t("docs"), line: t("docsLine") },
  ];
  const link = "text-blue-800 underline underline-offset-2 dark:text-blue-300";
  // Wrapped rather than scrolled: a scrolling block would need to be a keyboard stop of its own.
  const code =
    "block whitespace-pre-wrap break-all rounded-md bg-slate-900 p-3 font-mono text-sm text-slate-100 dark:bg-black";
  return (
    <UiProviders locale={ui.locale} messages={ui.messages} nonce={ui.nonce}>
      <div lang={ui.locale} className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="flex items-center gap-2 font-semibold">
              <Image src="/logo.svg" alt="" width={28} height={28} unoptimized />
              {t("title")}
            </span>
            <PageSettings />
          </div>
        </header>
        <main className="mx-auto max-w-4xl space-y-8 px-4 py-8">
          <section aria-labelledby="front-title" className="space-y-2">
            <h1 id="front-title" className="text-3xl font-semibold">
              {t("title")}
            </h1>
            <p className="text-lg text-slate-700 dark:text-slate-300">{t("tagline")}</p>
          </section>
          <nav aria-label={t("doors")}>
            <ul className="grid gap-4 md:grid-cols-3">
              {doors.map((d) => (
                <li key={d.href}>
                  <Link
                    href={d.href}
                    className="block h-full rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
                  >
                    <span className="block text-lg font-semibold text-blue-800 dark:text-blue-300">{d.title}</span>
                    <span className="mt-1 block text-sm text-slate-700 dark:text-slate-300">{d.line}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <section aria-labelledby="first-call" className="space-y-3">
            <h2 id="first-call" className="text-xl font-semibold">
              {t("firstCall")}
            </h2>
            {first ? (
              <>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="text-sm text-slate-700 dark:text-slate-300">{t("clientId")}</span>
                  <code
                    data-testid="front-client-id"
                    className="rounded bg-slate-200 px-2 py-1 font-mono dark:bg-slate-800"
                  >
                    {first.clientId}
                  </code>
                  <CopyButton text={first.clientId} label={t("copyClientId")} />
                </div>
                <p className="text-sm text-slate-700 dark:text-slate-300">{t("secretHint")}</p>
                <p>{t("readConfig")}</p>
                <code className={code}>{`curl -u ${first.clientId}:CLIENT_SECRET \\\n  ${first.apiBase}/config`}</code>
                <p>{t("createCustomer")}</p>
                <code className={code}>
                  {`curl -u ${first.clientId}:CLIENT_SECRET -H 'Content-Type: application/json' \\\n  -d '{"customerType":"INDIVIDUAL","fullName":"Ada Lovelace","endUserTermsConsent":{"termsVersion":"V1","acceptedAt":"${new Date().toISOString().slice(0, 10)}T00:00:00Z","acceptanceMethod":"CHECKBOX","ipAddress":"127.0.0.1"}}' \\\n  ${first.apiBase}/customers`}
                </code>
              </>
            ) : (
              <p>{t("noSandbox")}</p>
            )}
          </section>
          <section aria-labelledby="front-more">
            <h2 id="front-more" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
              {t("more")}
            </h2>
            <ul className="mt-1 flex flex-wrap gap-4 text-sm">
              <li>
                <a className={link} href="/api/2025-10-13/openapi.json">
                  {t("openapi")}
                </a>
              </li>
              <li>
                <a className={link} href="/api/health">
                  {t("health")}
                </a>
              </li>
            </ul>
          </section>
        </main>
      </div>
    </UiProviders>
  );
}
