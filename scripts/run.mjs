#!/usr/bin/env node
// The two commands of the README: `npm start` (build + serve) and `npm test` (every test).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const bin = (name) => path.resolve("node_modules/.bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

const [mode] = process.argv.slice(2);

/**
 * The embedded database has one owner (db/embedded-owner.ts): refuse a second `npm start` on the same DATA_DIR before
 * building over the running server's build.
 */
function embeddedOwner() {
  if (process.env.DATABASE_URL) return undefined;
  const file = path.resolve(process.env.DATA_DIR || ".data", "pglite.owner.json");
  let owner;
  try {
    owner = { ...JSON.parse(fs.readFileSync(file, "utf8")), dir: path.dirname(file) };
    process.kill(owner.pid, 0);
    return owner;
  } catch (e) {
    return e?.code === "EPERM" ? owner : undefined;
  }
}

if (mode === "start") {
  const owner = embeddedOwner();
  if (owner) {
    console.error(
      `The embedded database in ${owner.dir} is in use by process ${owner.pid} (${owner.command}), running since ${owner.startedAt}. ` +
        "Only one server may open it: stop that process first, or set DATABASE_URL to use a PostgreSQL server.",
    );
    process.exit(1);
  }
  if (run(bin("next"), ["build"]) !== 0) process.exit(1);
  process.exit(run(bin("next"), ["start", "--port", process.env.PORT || "3000"]));
}

if (mode === "test") {
  const distDir = process.env.NEXT_DIST_DIR || ".next-test";
  const phases = [];
  const timed = (name, fn) => {
    const started = Date.now();
    const status = fn();
    phases.push([name, Date.now() - started, status]);
    return status;
  };
  const printPhases = () => {
    const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
    console.log("\nphase                 seconds  result");
    for (const [name, ms, status] of phases)
      console.log(`${name.padEnd(20)} ${(ms / 1000).toFixed(1).padStart(8)}  ${status === 0 ? "ok" : "FAILED"}`);
    console.log(`${"total".padEnd(20)} ${(total / 1000).toFixed(1).padStart(8)}`);
  };
  const steps = [
    ["format check", () => run(bin("biome"), ["format", "."])],
    ["lint", () => run(bin("biome"), ["lint", "--error-on-warnings", "."])],
    ["dead code", () => run(bin("knip"), [])],
    ["db:check", () => run(bin("tsx"), ["scripts/db-check.ts"])],
    // The one build every test uses (test/support/server.ts DIST_DIR), made here as a phase of its own. `next build`
    // type-checks the whole project as `npm run typecheck` does (tsconfig.json: app, lib, tests, e2e, bench), so the
    // suite no longer runs tsc a second time before it.
    [
      "build + typecheck",
      () =>
        process.env.SKIP_BUILD === "1" && fs.existsSync(path.join(distDir, "BUILD_ID"))
          ? run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]) // the build is reused: type-check on its own
          : run(bin("next"), ["build"], { NODE_ENV: "production", NEXT_DIST_DIR: distDir }),
    ],
  ];
  for (const [name, fn] of steps) {
    if (timed(name, fn) !== 0) {
      console.error(`\n${name} failed`);
      printPhases();
      console.log("tests: 0 passed, 1 failed");
      process.exit(1);
    }
  }
  fs.mkdirSync("test-results", { recursive: true });
  const report = path.resolve("test-results/vitest.json");
  const vitestStatus = timed("unit + integration", () =>
    run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
      SKIP_BUILD: "1",
    }),
  );
  let passed = 0;
  let failed = 0;
  try {
    const j = JSON.parse(fs.readFileSync(report, "utf8"));
    passed += j.numPassedTests;
    failed += j.numFailedTests;
  } catch {
    failed += 1;
  }
  let e2eStatus = 0;
  const specs = fs.existsSync("e2e") ? fs.readdirSync("e2e").filter((f) => f.endsWith(".spec.ts")) : [];
  if (specs.length > 0 && process.env.SKIP_E2E !== "1") {
    const e2eReport = path.resolve("test-results/playwright.json");
    // The integration suite has just built the app into the same NEXT_DIST_DIR: reuse that build.
    e2eStatus = timed("browser (e2e)", () =>
      run(bin("playwright"), ["test"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
        SKIP_BUILD: process.env.SKIP_BUILD ?? "1",
      }),
    );
    try {
      const j = JSON.parse(fs.readFileSync(e2eReport, "utf8"));
      passed += j.stats.expected;
      failed += j.stats.unexpected;
    } catch {
      failed += e2eStatus === 0 ? 0 : 1;
    }
  }
  if (vitestStatus !== 0 && failed === 0) failed = 1;
  printPhases();
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(vitestStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
}

console.error("usage: node scripts/run.mjs start|test");
process.exit(2);
