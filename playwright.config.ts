import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { PLATFORM_WIDE_PROJECT } from "./e2e/support/projects";

/**
 * Specs that change a setting of their whole platform (the webhook endpoint, the session lifetime): run one at a
 * time in their own project, on a platform and integrator of their own (e2e/global-setup.ts, e2e/fixtures.ts).
 */
const PLATFORM_WIDE_SPECS = [
  "**/console.spec.ts",
  "**/first-minutes.spec.ts",
  "**/screenshots.spec.ts",
  "**/webhook-setup.spec.ts",
  "**/wallet-session-expiry.spec.ts",
];

/**
 * Debian's chromium-headless-shell when installed (the same Chromium built without the browser's UI, as
 * Playwright's own headless mode uses; .ci/run installs it), else Debian's chromium.
 */
function chromiumPath(): string {
  const shell = "/usr/bin/chromium-headless-shell";
  return fs.existsSync(shell) ? shell : "/usr/bin/chromium";
}

/**
 * Playwright drives Debian's chromium (Playwright cannot download its own browser here) against a
 * production build served by `next start` on a fresh PostgreSQL database. The servers, the
 * loopback OpenID provider and the SMTP receiver are started by e2e/global-setup.ts rather than by
 * `webServer`, because Playwright starts `webServer` before `globalSetup` and the servers need the
 * database, platform credentials and provider address that the setup creates.
 */
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  // Two workers: a spec file runs in one worker, and files run side by side. The specs that change a platform-wide
  // setting run in the platform-wide project below, one at a time, against a platform of their own.
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME || "test-results/playwright.json" }],
  ],
  use: {
    ...devices["Desktop Chrome"],
    // A failing test keeps its last screenshot and its trace (actions with DOM snapshots); a passing one keeps
    // neither, so no test pays for them: the screenshots a spec wants are its own shot() calls, and the trace's
    // screencast (JPEG frames of every paint) is dropped, since the DOM snapshots already show each step.
    screenshot: "only-on-failure",
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // The platform-wide project first: Playwright hands out tests in this order, so one worker starts on those specs
  // (one at a time) while the other takes the rest, instead of leaving them as a one-worker tail.
  projects: [
    { name: PLATFORM_WIDE_PROJECT, testMatch: PLATFORM_WIDE_SPECS, workers: 1 },
    { name: "chromium", testIgnore: PLATFORM_WIDE_SPECS },
  ],
});
