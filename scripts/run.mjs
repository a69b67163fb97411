#!/usr/bin/env node
// The two commands of the README: `npm start` (build + serve) and `npm test` (every test).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const bin = (name) => path.resolve("node_modules/.bin", name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

/**
 * `cmd args` without blocking: resolves to its exit status and, with `capture`, what it printed (else its output goes
 * straight through).
 */
function runAsync(cmd, args, { capture = false, extraEnv = {} } = {}) {
  return new Promise((resolve) => {
    let out = "";
    const stdio = capture ? ["ignore", "pipe", "pipe"] : "inherit";
    const child = spawn(cmd, args, { stdio, env: { ...env, ...extraEnv } });
    child.stdout?.on("data", (d) => (out += d));
    child.stderr?.on("data", (d) => (out += d));
    child.on("error", (e) => resolve({ status: 1, out: `${out}${e.message}\n` }));
    child.on("close", (code) => resolve({ status: code ?? 1, out }));
  });
}

const [mode] = process.argv.slice(2);

/**
 * The embedded database has one owner (lib/shared/embedded-owner.ts): refuse a second `npm start` on the same DATA_DIR before
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
  // Built to be served: the type check is `npm test`'s and `npm run typecheck`'s (next.config.ts).
  if (run(bin("next"), ["build"], { BUILD_WITHOUT_TYPECHECK: "1" }) !== 0) process.exit(1);
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
  const startedAll = Date.now();
  // The checks run side by side with the build, so the total is the wall time since the start, not a sum.
  const printPhases = () => {
    const total = Date.now() - startedAll;
    console.log("\nphase                 seconds  result");
    for (const [name, ms, status] of phases)
      console.log(`${name.padEnd(20)} ${(ms / 1000).toFixed(1).padStart(8)}  ${status === 0 ? "ok" : "FAILED"}`);
    console.log(`${"total".padEnd(20)} ${(total / 1000).toFixed(1).padStart(8)}`);
  };
  // The checks (about 15 CPU-s together, mostly one thread each) run beside the build, which leaves a core idle for
  // much of its time; each one's output is printed in one piece when it ends, the build's goes straight through.
  const timedAsync = async (name, cmd, args, opts) => {
    const started = Date.now();
    const r = await runAsync(cmd, args, opts);
    if (opts.capture) process.stdout.write(`\n── ${name} ──\n${r.out}`);
    return [name, Date.now() - started, r.status];
  };
  const capture = { capture: true };
  // The one build every test uses (test/support/server.ts DIST_DIR), made here as a phase of its own. `next build`
  // type-checks the whole project as `npm run typecheck` does (tsconfig.json: app, lib, tests, e2e, bench), so the
  // suite no longer runs tsc a second time before it.
  const reuseBuild = process.env.SKIP_BUILD === "1" && fs.existsSync(path.join(distDir, "BUILD_ID"));
  phases.push(
    ...(await Promise.all([
      timedAsync("format check", bin("biome"), ["format", "."], capture),
      timedAsync("lint", bin("biome"), ["lint", "--error-on-warnings", "."], capture),
      timedAsync("dead code", bin("knip"), [], capture),
      timedAsync("db:check", bin("tsx"), ["scripts/db-check.ts"], capture),
      reuseBuild
        ? timedAsync("build + typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], {}) // type-check on its own
        : timedAsync("build + typecheck", bin("next"), ["build"], {
            extraEnv: { NODE_ENV: "production", NEXT_DIST_DIR: distDir },
          }),
    ])),
  );
  const failedStep = phases.find(([, , status]) => status !== 0);
  if (failedStep) {
    console.error(`\n${failedStep[0]} failed`);
    printPhases();
    console.log("tests: 0 passed, 1 failed");
    process.exit(1);
  }
  fs.mkdirSync("test-results", { recursive: true });
  const report = path.resolve("test-results/vitest.json");
  const vitestRun = (files, outputFile) =>
    run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`, ...files], {
      SKIP_BUILD: "1",
    });
  const vitestStatus = timed("unit + integration", () => {
    const status = vitestRun([], report);
    if (status === 0) return status;
    // Vitest gives a test file up when the worker process it forked for it does not answer within 60 s ("Failed to
    // start forks worker … Timeout waiting for worker to respond": seen once on a loaded 2-core machine, the file
    // never ran). Such files, and only when nothing failed, run once more on their own; a test that failed never does.
    const missing = filesNotRun(report);
    if (missing.length === 0 || missing.length > 5) return status;
    console.log(
      `\nvitest did not run ${missing.join(", ")} (no test failed): running ${missing.length > 1 ? "them" : "it"} again`,
    );
    const again = path.resolve("test-results/vitest-again.json");
    const againStatus = vitestRun(missing, again);
    mergeReports(report, again);
    return againStatus;
  });
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

/**
 * The test files vitest would run that the JSON report `report` does not list, when its tests all passed (else none:
 * a failure is never run again).
 */
function filesNotRun(report) {
  let j;
  try {
    j = JSON.parse(fs.readFileSync(report, "utf8"));
  } catch {
    return [];
  }
  if (j.numFailedTests !== 0 || j.numFailedTestSuites !== 0 || j.success !== true) return [];
  const listed = spawnSync(bin("vitest"), ["list", "--filesOnly", "--json"], { encoding: "utf8", env });
  if (listed.status !== 0) return [];
  const ran = new Set(j.testResults.map((t) => t.name));
  return JSON.parse(listed.stdout)
    .map((f) => f.file)
    .filter((f) => !ran.has(f))
    .map((f) => path.relative(process.cwd(), f));
}

/** Adds the counts and files of the JSON report `again` to `report`'s. */
function mergeReports(report, again) {
  const a = JSON.parse(fs.readFileSync(report, "utf8"));
  let b;
  try {
    b = JSON.parse(fs.readFileSync(again, "utf8"));
  } catch {
    return;
  }
  for (const key of Object.keys(a)) if (key.startsWith("num")) a[key] += b[key] ?? 0;
  a.testResults.push(...b.testResults);
  a.success = a.success && b.success;
  fs.writeFileSync(report, JSON.stringify(a));
}

console.error("usage: node scripts/run.mjs start|test");
process.exit(2);
