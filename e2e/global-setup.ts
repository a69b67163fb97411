/**
 * The e2e world: a production build, a fresh PostgreSQL database with two platforms (a sandbox one
 * and a production one), a real SMTP receiver and a real OpenID provider on loopback, and two
 * `next start` instances acting as two integrators (sandbox, and production with a settle delay so
 * that PROCESSING is observable). Addresses are handed to the tests through process.env.
 */
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import {
  buildApp,
  createTestDatabase,
  freePort,
  ROOT,
  startServer,
  tempDir,
  type RunningServer,
} from "../test/support/server";
import { startSmtpReceiver } from "./support/smtp-receiver";

const OIDC_CLIENT_SECRET = "e2e-oidc-client-secret";
export const SETTLE_DELAY_MS = 2500;

export default async function globalSetup() {
  buildApp();
  const db = await createTestDatabase("e2e");
  const mailDir = path.join(ROOT, "test-results", "e2e-mail");
  fs.rmSync(mailDir, { recursive: true, force: true });
  const smtp = await startSmtpReceiver(mailDir);

  const [sandboxPort, productionPort, platformWidePort, oidcPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const sandboxOrigin = `http://localhost:${sandboxPort}`;
  const productionOrigin = `http://localhost:${productionPort}`;
  const platformWideOrigin = `http://localhost:${platformWidePort}`;

  const oidc = spawn(
    path.join(ROOT, "node_modules/.bin/tsx"),
    [
      "scripts/dev-oidc-provider.ts",
      "--port",
      String(oidcPort),
      "--redirect-origin",
      sandboxOrigin,
      "--redirect-origin",
      productionOrigin,
      "--redirect-origin",
      platformWideOrigin,
      "--client-secret",
      OIDC_CLIENT_SECRET,
    ],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let oidcLog = "";
  oidc.stdout!.on("data", (d) => (oidcLog += d));
  oidc.stderr!.on("data", (d) => (oidcLog += d));
  const issuer = `http://localhost:${oidcPort}`;
  await waitFor(`${issuer}/.well-known/openid-configuration`, () => oidcLog);

  process.env.DATABASE_URL = db.url;
  const { createPlatform } = await import("../lib/server/platforms/create-platform");
  const { closeDb } = await import("../db/client");
  // Counterparty rules on: self-custody FIRST_PARTY wallets then need ownership verification (accounts page).
  const oidcSettings = {
    oidc: { issuers: [{ issuer, audiences: ["wallet-integrator"] }] },
    subjectToCounterpartyRules: true,
  };
  /** A platform of this world: `origin` is its integrator's, every one trusts the loopback OpenID provider. */
  const platform = (name: string, environment: "SANDBOX" | "PRODUCTION", origin: string) =>
    createPlatform({
      name,
      environment,
      origins: [origin],
      rpId: "localhost",
      settings: environment === "SANDBOX" ? { ...oidcSettings, skipVerificationPaperwork: true } : oidcSettings,
    });
  const sandbox = await platform("E2E sandbox", "SANDBOX", sandboxOrigin);
  // The specs that change a platform-wide setting (the webhook endpoint, the session lifetime) run in their own
  // Playwright project, one at a time, on a sandbox platform and integrator of their own (playwright.config.ts):
  // the other specs run side by side on the first sandbox platform and never see those settings change.
  const platformWide = await platform("E2E sandbox (platform-wide settings)", "SANDBOX", platformWideOrigin);
  const production = await platform("E2E production", "PRODUCTION", productionOrigin);
  // A newcomer's platform, untouched until e2e/first-minutes.spec.ts signs in to the console with it (on the
  // platform-wide integrator: the console takes any platform's credentials).
  const fresh = await platform("E2E first minutes", "SANDBOX", platformWideOrigin);
  await closeDb();

  const common = {
    DATABASE_URL: db.url,
    DEMO_PLATFORM: "off",
    DATA_DIR: tempDir("e2e-data-"),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NEXTAUTH_SECRET: "e2e-nextauth-secret-0123456789abcdef",
    INTEGRATOR_OIDC_ISSUER: issuer,
    INTEGRATOR_OIDC_CLIENT_ID: "wallet-integrator",
    INTEGRATOR_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    // A second email code for the same credential after 1 s instead of 30 s (export, remote revoke, re-unlock): the
    // journeys do not wait on the re-send limit's timer (docs/configuration.md).
    EMAIL_OTP_RESEND_SECONDS: "1",
    // Every journey funds accounts of the same few platforms within minutes: the per-platform limit of the sandbox's
    // money simulations is an operator's guard, not what the journeys test.
    SANDBOX_MONEY_PER_MINUTE: "0",
  };
  const servers: RunningServer[] = [];
  /** One integrator: a `next start` acting for `p` at `port`, its wallet settling after `settleMs`. */
  const integrator = (p: { clientId: string; clientSecret: string }, port: number, settleMs: number) =>
    startServer(
      {
        ...common,
        PUBLIC_URL: `http://localhost:${port}`,
        INTEGRATOR_CLIENT_ID: p.clientId,
        INTEGRATOR_CLIENT_SECRET: p.clientSecret,
        WALLET_SETTLE_DELAY_MS: String(settleMs),
      },
      { port },
    );
  const started = await Promise.allSettled([
    integrator(sandbox, sandboxPort, 0),
    integrator(production, productionPort, SETTLE_DELAY_MS),
    integrator(platformWide, platformWidePort, 0),
  ]);
  for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    for (const s of servers) await s.stop();
    oidc.kill();
    await smtp.close();
    throw failed.reason;
  }

  process.env.E2E_BASE_URL = sandboxOrigin;
  process.env.E2E_PRODUCTION_URL = productionOrigin;
  process.env.E2E_PLATFORM_WIDE_URL = platformWideOrigin;
  process.env.E2E_OIDC_ISSUER = issuer;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SETTLE_DELAY_MS = String(SETTLE_DELAY_MS);
  process.env.E2E_SANDBOX_AUTH = basic(sandbox.clientId, sandbox.clientSecret);
  process.env.E2E_PRODUCTION_AUTH = basic(production.clientId, production.clientSecret);
  process.env.E2E_PLATFORM_WIDE_AUTH = basic(platformWide.clientId, platformWide.clientSecret);
  process.env.E2E_FRESH_AUTH = basic(fresh.clientId, fresh.clientSecret);

  return async () => {
    for (const s of servers) {
      if (process.env.E2E_SERVER_LOGS === "1") console.log(s.logs());
      await s.stop();
    }
    oidc.kill("SIGTERM");
    await smtp.close();
    if (process.env.KEEP_TEST_DB !== "1") await db.drop();
  };
}

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

async function waitFor(url: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer:\n${log()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
