import { defineConfig, devices } from "@playwright/test";

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
  workers: 1,
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
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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
  projects: [{ name: "chromium" }],
});
