import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Separate build folders let two builds (for example two test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["@electric-sql/pglite", "pino", "postgres", "nodemailer"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
