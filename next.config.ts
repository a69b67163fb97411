import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let two builds (for example two test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "pino", "postgres", "nodemailer", "@uma-sdk/core", "secp256k1"],
  poweredByHeader: false,
  // `npm start` (scripts/run.mjs) builds only to serve: the type check covers every test, e2e spec and bench as well
  // and took about a quarter of a first start's build, while `npm test` and `npm run typecheck` still run it.
  typescript: { ignoreBuildErrors: process.env.BUILD_WITHOUT_TYPECHECK === "1" },
  reactStrictMode: true,
  experimental: {
    // A build on a clean clone (CI) is made once and never rebuilt: writing Turbopack's build cache there took about
    // 12 s of the build's 66 s and served nothing. Elsewhere the cache speeds up the next build.
    ...(process.env.CI ? { turbopackFileSystemCacheForBuild: false } : {}),
    // Next.js answers any request carrying `RSC: 1` without its cache-busting `_rsc` hash with a 307,
    // API routes included, and a proxy cannot remove that header. The API must answer as usual; the
    // pages this check protects are dynamic and sent with `Cache-Control: no-store` and `Vary: RSC`.
    validateRSCRequestHeaders: false,
    // BENCH_UNMINIFIED=1 (a build for bench profiles, bench/README.md "Money path"): the server code keeps its
    // function names, so that a CPU profile names our own functions.
    ...(process.env.BENCH_UNMINIFIED === "1" ? { turbopackMinify: false } : {}),
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
          // Production builds (next build sets NODE_ENV=production) pin HTTPS for two years; browsers ignore the
          // header on plain http, so a loopback `next start` is unaffected. `next dev` does not send it.
          ...(process.env.NODE_ENV === "production"
            ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]
            : []),
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
