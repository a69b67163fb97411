/**
 * npm run bench:card-auth — see bench/README.md.
 *
 * One fresh PostgreSQL database, one `next start` of the build (BENCH_ROUTES=1): a sandbox platform with
 * CARDS cardholders, each with a funded USD account and an ACTIVE card. Measured at 32 connections with autocannon,
 * in alternating rounds:
 *   (a) POST /sandbox/cards/{id}/simulate/authorization (hold on the ledger, card transaction row, outbox event),
 *       spread over the cards;
 *   (b) GET /api/bench/constant on the same server (the framework's ceiling).
 * Then the ledger is checked: every currency sums to zero, every balance equals its entries, and the holds equal
 * the authorizations the server answered 202.
 */
import postgres from "postgres";
import { alternatingRounds, CONNECTIONS, type RoundResult, type Target } from "./bench-kit";
import { buildApp, createTestDatabase, DIST_DIR, startServer } from "../test/support/server";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { closeDb, getDb } from "@/db/client";
import { recordFigures } from "./figures";

const DURATION = Number(process.env.BENCH_SECONDS || 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP || 2000);
const CARDS = Number(process.env.BENCH_CARDS || 64);
const AMOUNT = 1;
const FUNDING = 1_000_000_000;

async function api(base: string, auth: string, method: string, path: string, body?: unknown) {
  const r = await fetch(`${base}/api/2025-10-13${path}`, {
    method,
    headers: { authorization: auth, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json();
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** CARDS cardholders, each with a funded USD account and an ACTIVE card; returns the card ids. */
async function seedCards(base: string, auth: string): Promise<string[]> {
  const ids: string[] = [];
  while (ids.length < CARDS) {
    const c = await api(base, auth, "POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Bench Cardholder",
      currencies: ["USD"],
    });
    const accounts = await api(
      base,
      auth,
      "GET",
      `/customers/internal-accounts?customerId=${encodeURIComponent(c.id)}`,
    );
    const usd = accounts.data.find(
      (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
    ).id;
    await api(base, auth, "POST", `/sandbox/internal-accounts/${usd}/fund`, { amount: FUNDING });
    const card = await api(base, auth, "POST", "/cards", {
      cardholderId: c.id,
      form: "VIRTUAL",
      fundingSources: [usd],
    });
    if (card.state !== "ACTIVE") throw new Error(`card ${card.id} is ${card.state}`);
    ids.push(card.id);
  }
  return ids;
}

async function main() {
  const started = Date.now();
  console.log(`building into ${DIST_DIR} (skipped when SKIP_BUILD=1 and a build exists) …`);
  buildApp();
  const db = await createTestDatabase("bench", { durable: true });
  process.env.DATABASE_URL = db.url;
  const platform = await createPlatform({
    name: "Card bench",
    environment: "SANDBOX",
    settings: { skipVerificationPaperwork: true },
  });
  const auth = `Basic ${Buffer.from(`${platform.clientId}:${platform.clientSecret}`).toString("base64")}`;
  const server = await startServer({
    DATABASE_URL: db.url,
    BENCH_ROUTES: "1",
    BENCH_ROUTES_NOT_PRODUCTION: "1",
    LOG_LEVEL: "warn",
    DEMO_PLATFORM: "off",
    // The simulated authorizations stand for the card network's, which no sandbox limit counts.
    SANDBOX_MONEY_PER_MINUTE: "0",
  });
  let results: RoundResult[] = [];
  let ledger: { unbalanced: unknown[]; mismatched: unknown[] } | undefined;
  let holds = { authorized: 0, held: "0", expected: 0 };
  try {
    const cards = await seedCards(server.url, auth);
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    await sql`vacuum (analyze)`;
    await sql`checkpoint`;
    console.log(`seeded ${cards.length} cards in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const body = JSON.stringify({
      amount: AMOUNT,
      currency: { code: "USD" },
      merchant: { descriptor: "BENCH COFFEE" },
    });
    const authorizations: Target[] = cards.map((id) => ({
      method: "POST" as const,
      path: `/api/2025-10-13/sandbox/cards/${id}/simulate/authorization`,
      auth,
      body,
    }));
    const servers = [
      { name: "(a) card authorization (simulate), next start", targets: authorizations },
      { name: "(b) constant route handler, next start", targets: [{ path: "/api/bench/constant" }] },
    ];
    console.log(`\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s`);
    results = await alternatingRounds(
      servers.map((s) => ({ ...s, url: server.url, pid: server.proc.pid! })),
      { rounds: ROUNDS, duration: DURATION, warmup: WARMUP_REQUESTS },
    );
    // The ledger after the run: balanced, balances equal to their entries, and every answered authorization held.
    ledger = await checkLedger(await getDb(), platform.id.replace(/^Platform:/, ""));
    const [t] =
      await sql`select count(*)::int as authorized, coalesce(sum(held_amount), 0)::text as held from card_transactions where status = 'AUTHORIZED'`;
    const [h] =
      await sql`select coalesce(sum(amount), 0)::text as held from ledger_entries where account like ${"sys:%:CARD_HOLDS:USD"}`;
    holds = { authorized: t.authorized, held: h.held, expected: t.authorized * AMOUNT };
    await sql.end();
    // What the failures were (status and error class only: the log lines never carry a body or a secret).
    const failures = server
      .logs()
      .split("\n")
      .filter((l) => /"status":5\d\d|"level":50/.test(l))
      .slice(0, 5);
    if (failures.length) console.log(`server error lines (first 5):\n${failures.join("\n")}`);
  } finally {
    await server.stop();
    await closeDb();
    await db.drop();
  }
  console.log("\nmedians:");
  for (const r of results) {
    console.log(
      `${r.name.padEnd(48)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(3)} ms  ` +
        `${r.cpuPerReq.toFixed(2)} CPU-ms/req  non-2xx ${r.non2xx}  errors ${r.errors}`,
    );
  }
  const [a, b] = results;
  console.log(`\na/b = ${(a.rps / b.rps).toFixed(2)}; per CPU-second a/b = ${(b.cpuPerReq / a.cpuPerReq).toFixed(2)}`);
  const ledgerOk =
    !!ledger &&
    ledger.unbalanced.length === 0 &&
    ledger.mismatched.length === 0 &&
    BigInt(holds.held) === BigInt(holds.expected);
  console.log(
    `ledger after the run: ${ledgerOk ? "sound" : "NOT sound"} (unbalanced ${ledger?.unbalanced.length}, mismatched ${ledger?.mismatched.length}; ` +
      `${holds.authorized} authorizations held, CARD_HOLDS ${holds.held} = ${holds.expected} expected)`,
  );
  const bad = results.some((r) => r.non2xx > 0 || r.errors > 0);
  if (bad) console.log("WARNING: some requests failed (non-2xx or errors): the figures are not valid");
  if (!bad && ledgerOk)
    recordFigures("card-auth", [
      { name: "(a) card authorizations", value: a.rps, unit: "req/s" },
      { name: "(a) p99", value: a.p99, unit: "ms" },
      { name: "(a) CPU per authorization", value: a.cpuPerReq, unit: "ms" },
      { name: "(b) empty route handler, CPU per request", value: b.cpuPerReq, unit: "ms" },
      { name: "a/b", value: a.rps / b.rps, unit: "×" },
    ]);
  console.log(
    `load average at the end: ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}; total ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  process.exit(bad || !ledgerOk ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
