import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platforms } from "@/db/schema";
import { loadEnv, missingForProduction, publicOrigin, type Env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { parseId } from "@/lib/shared/ids";
import { startWebhookWorker } from "@/lib/server/webhooks/worker";
import { getEnclaveSigningKey } from "@/lib/server/keys/enclave-key";
import { directory } from "@/lib/server/discoveries/directory";
import { startBulkImportWorker } from "@/lib/server/bulk-import/worker";
import { startPlaidWorker } from "@/lib/server/plaid/worker";
import { rekeyDeviceCodes } from "@/lib/server/agents/rekey-device-codes";
import { startSweeper } from "@/lib/server/sweeper/worker";
import { startStablecoinWorker } from "@/lib/server/stablecoins/worker";
import { installPeerAddressHeader } from "@/lib/server/rate-limit/peer-address";
import { allowDemoOidcIssuer } from "./allow-demo-oidc-issuer";
import { defined } from "@/lib/shared/invariant";

/**
 * Server start-up: validate configuration (a bad value stops the process, naming the variable),
 * open the database and apply migrations, and on the embedded default make a sandbox demo platform.
 */
export async function startup(): Promise<void> {
  // First, before anything awaits: requests carry their TCP peer from here on (per-source limits).
  installPeerAddressHeader();
  let cfg: Env;
  try {
    cfg = loadEnv();
    const missing = missingForProduction(cfg);
    if (missing.length) throw new Error(`Invalid configuration (environment variables):\n${missing.join("\n")}`);
    directory();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
  let db: Awaited<ReturnType<typeof getDb>>;
  try {
    db = await getDb();
  } catch (e) {
    // Another process owns the embedded database (lib/shared/embedded-owner.ts): stop at once, naming it.
    if (e instanceof Error && e.name === "EmbeddedDatabaseBusyError") {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const rekeyed = await rekeyDeviceCodes(db);
  if (rekeyed) logger.info({ rekeyed }, "device codes stored as plain SHA-256 were re-keyed");
  // Load (or, on a fresh database, create) the enclave signing key now: later it is read from the process
  // cache, so no request needs a second pool connection for it while holding a transaction (export-wallet).
  await getEnclaveSigningKey();
  // Webhook delivery runs in every server process; rows are claimed with SKIP LOCKED (lib/server/webhooks).
  if (cfg.WEBHOOK_WORKER === "on") startWebhookWorker();
  if (cfg.BULK_IMPORT_WORKER === "on") startBulkImportWorker();
  // Stablecoin operations move on with the issuer provider's steps (claimed with SKIP LOCKED: lib/server/stablecoins).
  if (cfg.STABLECOIN_WORKER === "on") startStablecoinWorker();
  // Accounts linked through Plaid are activated by any instance (sessions claimed with SKIP LOCKED).
  if (cfg.PLAID_WORKER === "on") startPlaidWorker();
  // Expired rows are deleted by every instance (claimed with SKIP LOCKED: lib/server/sweeper).
  if (cfg.SWEEPER === "on") startSweeper();
  const wantDemo = cfg.DEMO_PLATFORM === "on" || (cfg.DEMO_PLATFORM === "auto" && !cfg.DATABASE_URL);
  if (wantDemo) await ensureDemoPlatform(cfg);
}

interface DemoFile {
  id: string;
  clientId: string;
  clientSecret: string;
}

async function ensureDemoPlatform(cfg: Env): Promise<DemoFile> {
  const file = path.resolve(/*turbopackIgnore: true*/ cfg.DATA_DIR, "demo-platform.json");
  const origin = publicOrigin();
  const db = await getDb();
  let demo: DemoFile | undefined;
  if (fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as DemoFile;
    const uuid = parseId("Platform", saved.id);
    const [row] = uuid ? await db.select({ id: platforms.id }).from(platforms).where(eq(platforms.id, uuid)) : [];
    if (row) demo = saved;
  }
  if (!demo) {
    // The demo skips verification paperwork: its customers resolve by the sandbox suffix at creation.
    const created = await createPlatform({
      name: "Demo platform",
      environment: "SANDBOX",
      origins: [origin],
      rpId: "localhost",
      settings: { skipVerificationPaperwork: true },
    });
    demo = { id: created.id, clientId: created.clientId, clientSecret: created.clientSecret };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // The secret is kept here, readable only by this user, so the demo keeps working across restarts.
    fs.writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  }
  await allowDemoOidcIssuer(defined(parseId("Platform", demo.id), "the demo platform's id"));
  const base = `${origin}/api/2025-10-13`;
  logger.info({ demoPlatform: demo.id, url: origin }, "demo platform ready");
  // The secret goes to an interactive terminal only: when stdout is a pipe or a file (a process manager, a log
  // collector), it is where the logs go too, so only the file that keeps it is named there.
  const secretLines = process.stdout.isTTY
    ? [`    client secret: ${demo.clientSecret}`, `  Try: curl -u ${demo.clientId}:${demo.clientSecret} ${base}/config`]
    : [`    client secret: in ${file} (not printed: stdout is not a terminal)`];
  process.stdout.write(
    `${[
      "",
      `  Service:   ${base}`,
      `  API docs:  ${origin}/docs`,
      `  Demo platform (sandbox) credentials, kept in ${file}:`,
      `    client id:     ${demo.clientId}`,
      ...secretLines,
      "",
    ].join("\n")}\n`,
  );
  return demo;
}
