import { cookies, headers } from "next/headers";
import Link from "next/link";
import { ThemeProvider } from "next-themes";

/**
 * The site's 404 page: in the visitor's language (the console's or the wallet's language cookie, else
 * Accept-Language; English or German), light or dark as the system or the visitor's stored choice, with the ways
 * back. Service-side code (the root), so its few words live here rather than in an integrator catalogue.
 */
const WORDS = {
  en: {
    title: "Page not found",
    body: "There is nothing at this address. It may have moved, or the link may be mistyped.",
    home: "Go to the home page",
    console: "Open the console",
  },
  de: {
    title: "Seite nicht gefunden",
    body: "Unter dieser Adresse gibt es nichts. Sie wurde vielleicht verschoben, oder der Link ist falsch geschrieben.",
    home: "Zur Startseite",
    console: "Konsole öffnen",
  },
} as const;

type Lang = keyof typeof WORDS;
const isLang = (v: unknown): v is Lang => v === "en" || v === "de";

function language(cookie: string | undefined, accept: string | null): Lang {
  if (isLang(cookie)) return cookie;
  for (const part of (accept ?? "").split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if (isLang(tag)) return tag;
  }
  return "en";
}

export default async function NotFound() {
  const [h, c] = await Promise.all([headers(), cookies()]);
  const lang = language(c.get("console_locale")?.value ?? c.get("ui-locale")?.value, h.get("accept-language"));
  const w = WORDS[lang];
  const link =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-blue-800 hover:bg-slate-100 dark:border-slate-600 dark:text-blue-300 dark:hover:bg-slate-800";
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
      nonce={h.get("x-nonce") ?? undefined}
    >
      <div lang={lang} className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <main className="mx-auto flex max-w-lg flex-col items-start gap-4 px-6 py-16">
          {/* biome-ignore lint/performance/noImgElement: a small static SVG from public/ */}
          <img src="/logo.svg" alt="" width={48} height={48} />
          <p className="text-sm font-semibold text-slate-600 dark:text-slate-400">404</p>
          <h1 className="text-3xl font-semibold tracking-tight">{w.title}</h1>
          <p className="text-slate-700 dark:text-slate-300">{w.body}</p>
          <div className="flex flex-wrap gap-2">
            <Link href="/" className={link}>
              {w.home}
            </Link>
            <Link href="/console" className={link}>
              {w.console}
            </Link>
          </div>
        </main>
      </div>
    </ThemeProvider>
  );
}
