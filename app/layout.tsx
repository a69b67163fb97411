import type { Metadata } from "next";
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

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
