import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { ThemeProvider } from "next-themes";
import { referenceSections, searchEntries } from "@/lib/server/edge/openapi/reference";
import { SectionsNav } from "./_ui/sections-nav";
import { ReferenceSearch } from "./_ui/search";
import "./reference.css";

export const metadata: Metadata = {
  title: { default: "API reference · Payments service", template: "%s · API reference" },
  description:
    "The payments service's HTTP API: every operation with its parameters, request and response fields, examples, and a form to try it.",
};

/**
 * The API reference's frame: the search box, the sections (one per tag of the OpenAPI document, the introduction and
 * the webhook events) and the page. Rendered on the server from the served document; the only scripts are the search
 * box, the phone's sections toggle and each operation's try-it form. English only (the root layout says so).
 */
export default async function ReferenceLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const sections = referenceSections().map((s) => ({ slug: s.slug, name: s.name, count: s.operations.length }));
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <div className="min-h-screen bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 dark:border-slate-800 dark:bg-slate-950/95">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2">
            <Link href="/docs" className="flex items-center gap-2 font-semibold">
              {/* biome-ignore lint/performance/noImgElement: a small static SVG from public/ */}
              <img src="/logo.svg" alt="" width={24} height={24} />
              API reference
            </Link>
            <ReferenceSearch entries={searchEntries()} />
          </div>
        </header>
        <div className="mx-auto flex max-w-7xl flex-col md:flex-row">
          <SectionsNav sections={sections} />
          <main id="reference" className="min-w-0 flex-1 px-4 py-6 md:px-8">
            {children}
          </main>
        </div>
      </div>
    </ThemeProvider>
  );
}
