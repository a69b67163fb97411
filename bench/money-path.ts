/**
 * npm run bench:money-path — see bench/README.md "Money path".
 *
 * One `next start` (built into NEXT_DIST_DIR unless SKIP_BUILD=1) on a fresh PostgreSQL database with a sandbox
 * platform of 1,000 customers, each with a funded USD internal account and a USD bank account (made through the
 * API). At 32 connections, alternating rounds of BENCH_SECONDS (default 6) × BENCH_ROUNDS (default 3) of:
 *   (b) the empty route handler `GET /api/bench/constant` (the ceiling of this build on this machine, this run);
 *   (i) `POST /quotes` with `immediatelyExecute`, same currency, source and destination spread over the 1,000
 *       customers, half internal → internal (another customer's account), half internal → external (a payout);
 *   (ii) the same, every payment from one hot account.
 * After each round the ledger is checked: every currency's entries sum to zero and every internal account's balance
 * equals the sum of its entries. Targets (issue 18): (i) ≥ 0.45 × (b), (ii) ≥ 0.25 × (b), 0 non-2xx (a deadlock or a
 * serialization failure surfacing as 5xx counts as one).
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { closeDb } from "@/db/client";
import { createPlatform } from "@/lib/platforms/create-platform";
import { buildApp, createTestDatabase, startServer } from "../test/support/server";
import { CONNECTIONS, median } from "./bench-kit";

const DURATION = Number(process.env.BENCH_SECONDS || 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS || 1000);
const AMOUNT = 100; // cents per payment

buildApp();
const db = await createTestDatabase("bench_money");
process.env.DATABASE_URL = db.url;
const platform = await createPlatform({ name: "Bench money", environment: "SANDBOX", settings: { skipVerificationPaperwork: true } });
await closeDb();
const auth = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;
const server = await startServer({
  DATABASE_URL: db.url,
  DEMO_PLATFORM: "off",
  BENCH_ROUTES: "1",
  LOG_LEVEL: "warn",
  // The bench moves far more than a customer's daily volume: the limit is not what is measured.
  DAILY_VOLUME_LIMIT_USD_CENTS: String(Number.MAX_SAFE_INTEGER),
});
const api = `${server.url}/api/2025-10-13`;

async function call(method: string, path: string, body?: unknown) {
  const r = await fetch(`${api}${path}`, { method, headers: { authorization: auth, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const j = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(j)}`);
  return j;
}

interface Customer {
  account: string;
  external: string;
}

async function makeCustomer(i: number, funds: number): Promise<Customer> {
  const consent = { termsVersion: "V1", acceptedAt: new Date().toISOString(), acceptanceMethod: "CHECKBOX", ipAddress: "203.0.113.7" };
  const c = await call("POST", "/customers", { customerType: "INDIVIDUAL", fullName: `Bench ${i}`, platformCustomerId: `bench-${i}`, currencies: ["USD"], endUserTermsConsent: consent });
  const accounts = await call("GET", `/customers/internal-accounts?customerId=${c.id}&type=INTERNAL_FIAT`);
  const account = accounts.data.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD").id;
  await call("POST", `/sandbox/internal-accounts/${account}/fund`, { amount: funds });
  const ext = await call("POST", "/customers/external-accounts", {
    customerId: c.id,
    currency: "USD",
    accountInfo: { accountType: "USD_ACCOUNT", accountNumber: `0001${String(i).padStart(5, "0")}789`, routingNumber: "021000021", bankAccountType: "CHECKING",
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: `Bench ${i}`, countryOfResidence: "US", address: { line1: "1 Main St", postalCode: "94105", country: "US" } } },
  });
  return { account, external: ext.id };
}

const t0 = Date.now();
const customers: Customer[] = [];
{
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < CUSTOMERS) {
        const i = next++;
        customers[i] = await makeCustomer(i, i === 0 ? 1_000_000_000_000 : 100_000_000);
      }
    }),
  );
}
const sql = postgres(db.url, { max: 2, onnotice: () => {} });
await sql`vacuum (analyze)`;
await sql`checkpoint`;
console.log(`seeded ${CUSTOMERS} customers through the API in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

type Body = () => string;
const pick = () => customers[Math.floor(Math.random() * CUSTOMERS)];
const quote = (src: string, dst: string) =>
  JSON.stringify({
    source: { sourceType: "ACCOUNT", accountId: src },
    destination: { destinationType: "ACCOUNT", accountId: dst },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: AMOUNT,
    immediatelyExecute: true,
  });
let flip = 0;
const spread: Body = () => {
  const from = pick();
  let to = pick();
  while (to === from) to = pick();
  return quote(from.account, flip++ % 2 === 0 ? to.account : to.external);
};
const hot: Body = () => {
  let to = pick();
  while (to === customers[0]) to = pick();
  return quote(customers[0].account, flip++ % 2 === 0 ? to.account : to.external);
};

async function measure(kind: "ceiling" | Body, limit: { duration: number } | { amount: number }) {
  const statuses = new Map<number, number>();
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    ...limit,
    requests: [
      {
        setupRequest: (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string }) => {
          if (kind === "ceiling") return { ...req, method: "GET", path: "/api/bench/constant" };
          return { ...req, method: "POST", path: "/api/2025-10-13/quotes", headers: { authorization: auth, "content-type": "application/json" }, body: kind() };
        },
        onResponse: (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, statuses };
}

async function ledgerCheck(): Promise<string> {
  const [unbalanced] = await sql`select count(*)::int as n from (select currency from ledger_entries group by currency having sum(amount) <> 0) x`;
  const [mismatched] = await sql`
    select count(*)::int as n from internal_accounts a
    left join (select account, sum(amount) as s from ledger_entries group by account) l on l.account = 'ia:' || a.id
    where a.balance <> coalesce(l.s, 0)`;
  return unbalanced.n === 0 && mismatched.n === 0 ? "ok" : `FAILED (${unbalanced.n} currencies unbalanced, ${mismatched.n} balances ≠ ledger)`;
}

const phases: [string, "ceiling" | Body][] = [
  ["(b) empty route handler", "ceiling"],
  ["(i) quotes, spread over 1,000 customers", spread],
  ["(ii) quotes, one hot source account", hot],
];
const raw = phases.map(() => [] as Awaited<ReturnType<typeof measure>>[]);
try {
  for (const [, kind] of phases) await measure(kind, { amount: 1000 }); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    for (const [k, [name, kind]] of phases.entries()) {
      const m = await measure(kind, { duration: DURATION });
      raw[k].push(m);
      const statuses = [...m.statuses].map(([s, n]) => `${s}×${n}`).join(" ");
      console.log(`round ${r + 1} ${name.padEnd(42)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  statuses ${statuses}  ledger ${kind === "ceiling" ? "-" : await ledgerCheck()}`);
    }
  }
  const rps = raw.map((xs) => median(xs.map((x) => x.rps)));
  const [b, i, ii] = rps;
  const bad = raw.slice(1).flat().reduce((n, x) => n + x.non2xx + x.errors, 0);
  console.log(`\nmedians: (b) ${b.toFixed(0)} req/s, (i) ${i.toFixed(0)} req/s, (ii) ${ii.toFixed(0)} req/s`);
  console.log(`(i)/(b) = ${(i / b).toFixed(2)} (target ≥ 0.45: ${i / b >= 0.45 ? "met" : "NOT met"}); (ii)/(b) = ${(ii / b).toFixed(2)} (target ≥ 0.25: ${ii / b >= 0.25 ? "met" : "NOT met"})`);
  console.log(`non-2xx or errors on the money path: ${bad} (target 0); ledger after the run: ${await ledgerCheck()}`);
  console.log(`load average at the end: ${(await import("node:os")).loadavg().map((x) => x.toFixed(1)).join(" ")}`);
} finally {
  await sql.end();
  await server.stop();
  await db.drop();
}
