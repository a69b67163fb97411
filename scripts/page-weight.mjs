#!/usr/bin/env node
// First-load JavaScript per page from the build output (Next's route-bundle-stats.json), raw and gzip.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.env.NEXT_DIST_DIR || process.argv[2] || ".next";
const stats = JSON.parse(fs.readFileSync(path.join(dist, "diagnostics", "route-bundle-stats.json"), "utf8"));
for (const r of stats) {
  if (r.route.startsWith("/api") || r.route.startsWith("/integrator/api") || r.route.startsWith("/_")) continue;
  const gz = r.firstLoadChunkPaths.reduce((n, p) => n + gzipSync(fs.readFileSync(p), { level: 9 }).length, 0);
  console.log(
    `${r.route.padEnd(20)} ${String(r.firstLoadUncompressedJsBytes).padStart(8)} B raw ${String(gz).padStart(8)} B gzip`,
  );
}
