import type { Metadata } from "next";
import { headers } from "next/headers";
import { consoleLocale } from "@/lib/integrator/console/i18n";
import { uiContext } from "@/lib/integrator/ui/server";
import "./globals.css";

// Pages render per request so that each carries the CSP nonce set in proxy.ts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Wallet service",
  description: "Payments service: Embedded Wallet Auth and agents",
  // Absolute addresses for the social preview: the site's public address (PUBLIC_URL) when configured.
  metadataBase: new URL(process.env.PUBLIC_URL || "http://localhost:3000"),
  openGraph: {
    title: "Wallet service",
    description: "Embedded wallets, AI agents and payments over one API",
    images: [
      {
        url: "/og.png",
        width: 1200,
        height: 630,
        alt: "Wallet service: embedded wallets, AI agents and payments over one API",
      },
    ],
  },
  twitter: { card: "summary_large_image", images: ["/og.png"] },
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/logo.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

/**
 * The document's language is the page's (WCAG 3.1.1): the console keeps its own choice (cookie `console_locale`), every
 * other page the wallet's (`ui-locale`), both falling back to Accept-Language; the API reference is written in English
 * only. The path comes from proxy.ts, which sets `x-request-path` from the request's URL on every page request.
 */
async function documentLang(): Promise<string> {
  const path = (await headers()).get("x-request-path") ?? "/";
  if (path === "/docs" || path.startsWith("/docs/") || path.startsWith("/docs?")) return "en";
  if (path === "/console" || path.startsWith("/console/") || path.startsWith("/console?")) return consoleLocale();
  return (await uiContext()).locale;
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={await documentLang()} suppressHydrationWarning>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
