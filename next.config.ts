import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let two builds (for example two test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "pino", "postgres", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    // Next.js answers any request carrying `RSC: 1` without its cache-busting `_rsc` hash with a 307,
    // API routes included, and a proxy cannot remove that header. The API must answer as usual; the
    // pages this check protects are dynamic and sent with `Cache-Control: no-store` and `Vary: RSC`.
    validateRSCRequestHeaders: false,
  },
  // Headers for every response; the page CSP (with its per-request nonce) is set in proxy.ts.
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
          {
            key: "Permissions-Policy",
            value:
              "camera=(), microphone=(), geolocation=(), publickey-credentials-create=(self), publickey-credentials-get=(self)",
          },
        ],
      },
    ];
  },
};

export default nextConfig;
