import type { Metadata } from "next";
import "./globals.css";

// Pages render per request so that each carries the CSP nonce set in proxy.ts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Wallet service",
  description: "Payments service: Embedded Wallet Auth and agents",
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
