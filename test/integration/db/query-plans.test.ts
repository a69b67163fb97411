/**
 * No list or lookup reads a large table sequentially ("A million rows": index plans for every list and
 * lookup query). A server of its own on a database where another platform owns 30,000 rows in each large table
 * (customers, internal and external accounts, quotes, transactions, ledger entries, outbox events, webhook
 * deliveries, agents), ANALYZEd so the planner sees them. Then, with PostgreSQL's statistics reset, one platform
 * makes a customer, accounts, a payout and an agent, and calls every list (with each filter) and every lookup; afterwards `pg_stat_user_tables.seq_scan` must be 0 on each
 * large table. A failure names the table; `EXPLAIN` of the operation's query shows the missing index.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { createPlatform } from "@/lib/server/platforms/create-platform";
import { parseId } from "@/lib/shared/ids";
import { example } from "../../support/external-account-examples";
import { LARGE_TABLES as LARGE, seedFiller } from "../../support/filler";
import { startOwnServer, type OwnServer } from "../../support/own-server";

const ROWS = 30_000;
const SERVER_APP = "query-plans-server";

let own: OwnServer;
let sql: postgres.Sql;
let auth: string;
let fillerId: string;
const base = () => `${own.server.url}/api/2025-10-13`;

async function req(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(`${base()}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : undefined };
}

async function seqScans(): Promise<Record<string, number>> {
  const rows = await sql<
    { relname: string; seq_scan: string }[]
  >`select relname, seq_scan from pg_stat_user_tables where relname = any(${LARGE})`;
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.seq_scan)]));
}

beforeAll(async () => {
  // The server's connections carry their own application_name (postgres.js reads PGAPPNAME), to wait for their end.
  own = await startOwnServer("plans", {
    WEBHOOK_WORKER: "off",
    SWEEPER: "off",
    BULK_IMPORT_WORKER: "off",
    PGAPPNAME: SERVER_APP,
  });
  sql = postgres(own.dbUrl, { max: 2, onnotice: () => {} });
  const filler = await createPlatform({ name: "filler", environment: "SANDBOX" });
  fillerId = parseId("Platform", filler.id)!;
  await seedFiller(sql, fillerId, ROWS);
  for (const t of LARGE) await sql.unsafe(`analyze ${t}`);
  const p = await createPlatform({
    name: "probe",
    environment: "SANDBOX",
    settings: { skipVerificationPaperwork: true },
  });
  auth = `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}`;
}, 180_000);

afterAll(async () => {
  await sql?.end();
  await own?.stop();
});

describe("query plans over large tables", () => {
  it("every list (with each filter) and every lookup reads the large tables through indexes: 0 sequential scans", async () => {
    await sql`select pg_stat_reset()`;
    // The probing platform's own few objects, made through the API (their writes and checks count too).
    const consent = {
      termsVersion: "V1",
      acceptedAt: new Date().toISOString(),
      acceptanceMethod: "CHECKBOX",
      ipAddress: "127.1.2.7",
    };
    const made = await req("POST", "/customers", {
      customerType: "INDIVIDUAL",
      fullName: "Probe User",
      email: "probe@example.com",
      platformCustomerId: "probe-1",
      currencies: ["USD"],
      endUserTermsConsent: consent,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const customerId: string = made.body.id;
    const accounts = await req("GET", `/customers/internal-accounts?customerId=${customerId}`);
    const usd = accounts.body.data.find(
      (a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD",
    ).id;
    expect((await req("POST", `/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 })).status).toBe(200);
    const ex = example("USD_ACCOUNT");
    const ext = await req("POST", "/customers/external-accounts", {
      customerId,
      currency: "USD",
      accountInfo: { ...ex.accountInfo, accountNumber: "000123456789" },
    });
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);
    const quote = await req("POST", "/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.body.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
      immediatelyExecute: true,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBeLessThan(300);
    const policy = {
      permissions: ["VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"],
      defaultExecutionMode: "AUTO",
      spendingLimits: { currency: "USD", perTransactionLimit: 10_000 },
    };
    const agent = await req("POST", "/agents", { name: "Probe agent", customerId, policy });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    const redeemed = await fetch(`${base()}/agents/device-codes/${agent.body.deviceCode.code}/redeem`, {
      method: "POST",
    }).then((r) => r.json());
    const bearer = { authorization: `Bearer ${redeemed.accessToken}` };

    const txs = await req("GET", `/transactions?customerId=${customerId}`);
    const transactionId: string = txs.body.data[0].id;
    const since = new Date(Date.now() - 3600_000).toISOString();
    const paths = [
      "/customers",
      "/customers?limit=1",
      `/customers?platformCustomerId=probe-1`,
      "/customers?customerType=INDIVIDUAL",
      `/customers?createdAfter=${encodeURIComponent(since)}`,
      `/customers?updatedAfter=${encodeURIComponent(since)}`,
      "/customers?currency=USD",
      "/customers?region=US",
      `/customers?umaAddress=${encodeURIComponent(made.body.umaAddress)}`,
      "/customers?isIncludingDeleted=true",
      `/customers/${customerId}`,
      `/customers/internal-accounts?customerId=${customerId}`,
      "/customers/internal-accounts?type=INTERNAL_FIAT",
      `/internal-accounts/${usd}`,
      "/platform/internal-accounts",
      `/customers/external-accounts?customerId=${customerId}`,
      "/customers/external-accounts?currency=USD",
      `/customers/external-accounts/${ext.body.id}`,
      "/platform/external-accounts",
      "/quotes",
      `/quotes?customerId=${customerId}`,
      `/quotes/${quote.body.id}`,
      "/transactions",
      `/transactions?customerId=${customerId}`,
      "/transactions?platformCustomerId=probe-1",
      `/transactions?accountIdentifier=${usd}`,
      `/transactions?senderAccountIdentifier=${usd}`,
      `/transactions?receiverAccountIdentifier=${ext.body.id}`,
      "/transactions?status=COMPLETED",
      "/transactions?type=OUTGOING",
      `/transactions?startDate=${encodeURIComponent(since)}`,
      `/transactions/${transactionId}`,
      "/webhooks/deliveries",
      "/agents",
      `/agents/${agent.body.agent.id}`,
    ];
    const misses: string[] = [];
    for (const path of paths) {
      const r = await req("GET", path);
      if (r.status !== 200) misses.push(`${path} → ${r.status} ${JSON.stringify(r.body)}`);
    }
    for (const path of [
      "/agents/me/external-accounts",
      `/agents/me/external-accounts/${ext.body.id}`,
      "/agents/me/transactions",
      "/agents/me",
    ]) {
      const r = await req("GET", path, undefined, bearer);
      if (r.status !== 200) misses.push(`${path} → ${r.status}`);
    }
    expect(misses).toEqual([]);
    // Server backends flush their statistics at most every second, and within 10 s of going idle (PostgreSQL 15), but
    // at once when they end: the server (this file's own; the next test needs only the database) is stopped and its
    // backends waited for, instead of waiting 11 s.
    await own.server.stop();
    await expect
      .poll(
        async () =>
          (await sql`select count(*)::int as n from pg_stat_activity where application_name = ${SERVER_APP}`)[0].n,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(0);
    const scans = await seqScans();
    const [{ n: indexScans }] = await sql<
      { n: string }[]
    >`select coalesce(sum(idx_scan), 0) as n from pg_stat_user_tables where relname = any(${LARGE})`;
    expect(Number(indexScans)).toBeGreaterThan(0);
    expect(Object.entries(scans).filter(([, n]) => n > 0)).toEqual([]);
  }, 120_000);

  it("a list's totalCount over a platform's many rows is an index-only scan of a narrow index (no heap visit per row)", async () => {
    // After VACUUM (autovacuum in production) the visibility map lets the count read the index alone. The default
    // customers list hides deleted customers: without customers_platform_live_count_idx (partial, deleted_at is null) each
    // counted row would be fetched from the table to read deleted_at.
    for (const t of ["customers", "transactions"]) await sql.unsafe(`vacuum (analyze) ${t}`);
    const counts = {
      customers_platform_live_count_idx: `select count(*) from customers where platform_id = '${fillerId}' and deleted_at is null`,
      transactions_platform_count_idx: `select count(*) from transactions where platform_id = '${fillerId}'`,
    };
    for (const [index, query] of Object.entries(counts)) {
      const [row] = await sql.unsafe(`explain (analyze, format json) ${query}`);
      const nodes: { "Node Type": string; "Index Name"?: string; "Heap Fetches"?: number }[] = [];
      const walk = (n: { Plans?: unknown[] } & (typeof nodes)[number]): void => {
        nodes.push(n);
        for (const c of n.Plans ?? []) walk(c as never);
      };
      walk(row["QUERY PLAN"][0].Plan);
      const scan = nodes.find((n) => n["Node Type"].includes("Scan"));
      expect(
        { type: scan?.["Node Type"], index: scan?.["Index Name"], heapFetches: scan?.["Heap Fetches"] },
        query,
      ).toEqual({ type: "Index Only Scan", index, heapFetches: 0 });
    }
  }, 60_000);
});
