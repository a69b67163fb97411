/**
 * npx tsx bench/money-path-statements.ts — see bench/README.md "Money path".
 *
 * Counts the SQL statements of one `POST /quotes` with `immediatelyExecute`, internal → internal and internal →
 * external, as PostgreSQL logs them: a fresh database with `log_statement = 'all'` set on it before the server
 * starts, the server's log lines read back from the PostgreSQL log file (PG_LOG, default the Debian cluster's) and
 * kept to the backends connected to that database. Counts everything the request runs: authentication, the checks
 * before the transaction, and the transaction from BEGIN to COMMIT (printed apart). `APP_DIR` runs another
 * checkout's build (e.g. main's, for the figures before a change); it must hold a build in NEXT_DIST_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import postgres from "postgres";
import { closeDb } from "@/db/client";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { buildApp, createTestDatabase, DIST_DIR, freePort, PG_ADMIN_URL } from "../test/support/server";
import { termsConsent } from "../test/support/terms-consent";

const PG_LOG = process.env.PG_LOG || "/var/log/postgresql/postgresql-15-main.log";
const APP_DIR = process.env.APP_DIR;

if (!APP_DIR) buildApp();
const db = await createTestDatabase("bench_stmts");
const dbName = new URL(db.url).pathname.slice(1);
process.env.DATABASE_URL = db.url;
const platform = await createPlatform({
  name: "Bench statements",
  environment: "SANDBOX",
  settings: { skipVerificationPaperwork: true },
});
await closeDb();
{
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`alter database "${dbName}" set log_statement = 'all'`);
  await admin.end();
}
const auth = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;

const port = await freePort();
const root = APP_DIR ?? path.resolve(import.meta.dirname, "..");
const proc = spawn(
  path.join(root, "node_modules/.bin/next"),
  ["start", "--port", String(port), "--hostname", "127.0.0.1"],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: db.url,
      DEMO_PLATFORM: "off",
      // A server on its own PostgreSQL database is a production deployment, which needs its public origin.
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "warn",
      // No background workers: only the request's own statements reach the log.
      WEBHOOK_WORKER: "off",
      BULK_IMPORT_WORKER: "off",
      STABLECOIN_WORKER: "off",
      PLAID_WORKER: "off",
      SWEEPER: "off",
    },
    stdio: "ignore",
  },
);
const api = `http://127.0.0.1:${port}/api/2025-10-13`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status < 500) break;
  } catch {}
  if (i > 600) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 100));
}

async function call(method: string, p: string, body?: unknown) {
  const r = await fetch(`${api}${p}`, {
    method,
    headers: { authorization: auth, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const j = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

async function makeCustomer(i: number) {
  const c = await call("POST", "/customers", {
    customerType: "INDIVIDUAL",
    fullName: `Count ${i}`,
    platformCustomerId: `count-${i}`,
    currencies: ["USD"],
    endUserTermsConsent: termsConsent(),
  });
  const accounts = await call("GET", `/customers/internal-accounts?customerId=${c.id}&type=INTERNAL_FIAT`);
  const account = accounts.data.find(
    (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
  ).id;
  await call("POST", `/sandbox/internal-accounts/${account}/fund`, { amount: 1_000_000 });
  const ext = await call("POST", "/customers/external-accounts", {
    customerId: c.id,
    currency: "USD",
    accountInfo: {
      accountType: "USD_ACCOUNT",
      accountNumber: `0001${String(i).padStart(5, "0")}789`,
      routingNumber: "021000021",
      bankAccountType: "CHECKING",
      beneficiary: {
        beneficiaryType: "INDIVIDUAL",
        fullName: `Count ${i}`,
        countryOfResidence: "US",
        address: { line1: "1 Main St", postalCode: "94105", country: "US" },
      },
    },
  });
  return { account: account as string, external: ext.id as string };
}

const a = await makeCustomer(1);
const b = await makeCustomer(2);
const quote = (destination: unknown) => ({
  source: { sourceType: "ACCOUNT", accountId: a.account },
  destination,
  lockedCurrencySide: "SENDING",
  lockedCurrencyAmount: 100,
  immediatelyExecute: true,
});
// Warm up each path once (first-request work such as caches is not the path being counted).
await call("POST", "/quotes", quote({ destinationType: "ACCOUNT", accountId: b.account }));
await call("POST", "/quotes", quote({ destinationType: "ACCOUNT", accountId: b.external }));

const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
async function count(label: string, destination: unknown) {
  await new Promise((r) => setTimeout(r, 300));
  const start = fs.statSync(PG_LOG).size;
  const q = await call("POST", "/quotes", quote(destination));
  await new Promise((r) => setTimeout(r, 500));
  const pids = new Set(
    (await admin`select pid::text from pg_stat_activity where datname = ${dbName}`).map((r) => r.pid as string),
  );
  const fd = fs.openSync(PG_LOG, "r");
  const buf = Buffer.alloc(fs.statSync(PG_LOG).size - start);
  fs.readSync(fd, buf, 0, buf.length, start);
  fs.closeSync(fd);
  const statements = buf
    .toString("utf8")
    .split("\n")
    .map((l) => /\[(\d+)\] (?:\S+@(\S+) )?LOG: {2}(?:statement|execute [^:]*): (.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m && (m[2] === dbName || (!m[2] && pids.has(m[1]))))
    .map((m) => m[3]);
  const begin = statements.findIndex((s) => /^begin/i.test(s));
  const commit = statements.findIndex((s) => /^commit/i.test(s));
  console.log(
    `${label}: status ${q.status}, ${statements.length} statements, ${commit - begin + 1} from BEGIN to COMMIT`,
  );
  if (process.env.VERBOSE) for (const s of statements) console.log(`  ${s.slice(0, 160)}`);
}
await count("internal → internal", { destinationType: "ACCOUNT", accountId: b.account });
await count("internal → external", { destinationType: "ACCOUNT", accountId: b.external });
await admin.end();
proc.kill();
await db.drop();
process.exit(0);
