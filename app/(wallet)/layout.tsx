import type { Metadata } from "next";
import Link from "next/link";
import { getServerSession } from "next-auth";
import { createTranslator } from "use-intl";
import { authOptions } from "@/lib/integrator/backend/auth-options";
import { brand } from "@/lib/integrator/ui/brand";
import { PageSettings } from "@/lib/integrator/ui/page-settings";
import { UiProviders } from "@/lib/integrator/ui/providers";
import { uiContext } from "@/lib/integrator/ui/server";
import { SignOutButton } from "./sign-out-button";

export const dynamic = "force-dynamic";

/** Page titles carry the integrator's name: "Wallet · <brand>". */
export function generateMetadata(): Metadata {
  const name = brand().name;
  return { title: { template: `%s · ${name}`, default: name } };
}

export default async function WalletLayout({ children }: { children: React.ReactNode }) {
  const [session, ui] = await Promise.all([getServerSession(authOptions()), uiContext()]);
  const t = createTranslator({ locale: ui.locale, messages: ui.messages, namespace: "common" });
  const link = "text-blue-800 underline-offset-2 hover:underline dark:text-blue-300";
  return (
    <UiProviders locale={ui.locale} messages={ui.messages} nonce={ui.nonce}>
      <div
        lang={ui.locale}
        style={ui.style}
        className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
      >
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
          {t("skip")}
        </a>
        <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-3">
            <Link href="/wallet" className="flex items-center gap-2 text-lg font-semibold">
              {/* biome-ignore lint/performance/noImgElement: the platform's brand logo may be on any host; next/image would need each one configured. */}
              <img src={ui.brand.logoUrl} alt="" width={28} height={28} className="h-7 w-7" />
              <span data-testid="brand-name">{ui.brand.name}</span>
            </Link>
            <div className="flex flex-wrap items-center gap-4">
              {session ? (
                <nav aria-label={t("navLabel")} className="flex flex-wrap items-center gap-4 text-sm">
                  <Link className={link} href="/wallet">
                    {t("navWallet")}
                  </Link>
                  <Link className={link} href="/wallet/security">
                    {t("navSecurity")}
                  </Link>
                  <Link className={link} href="/wallet/accounts">
                    {t("navAccounts")}
                  </Link>
                  <Link className={link} href="/wallet/cards">
                    {t("navCards")}
                  </Link>
                  <Link className={link} href="/wallet/pay">
                    {t("navPay")}
                  </Link>
                  <span className="text-slate-700 dark:text-slate-300">{session.user?.email}</span>
                  <SignOutButton label={t("signOut")} />
                </nav>
              ) : null}
              <PageSettings />
            </div>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-4xl px-4 py-6">
          {children}
        </main>
      </div>
    </UiProviders>
  );
}
