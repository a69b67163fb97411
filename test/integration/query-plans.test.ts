/**
 * No list or lookup reads a large table sequentially (issue 18, "A million rows": index plans for every list and
 * lookup query). A server of its own on a database where another platform owns 30,000 rows in each large table
 * (customers, internal and external accounts, quotes, transactions, ledger entries, outbox events, webhook
 * deliveries, agents), ANALYZEd so the planner sees them. Then, with PostgreSQL's statistics reset, one platform
 * makes a customer, accounts, a payout and an agent, and calls every list (with each filter) and every lookup; afterwards `pg_stat_user_tables.seq_scan` must be 0 on each
 * large table. A failure names the table; `EXPLAIN` of the operation's query shows the missing index.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { createPlatform } from "@/lib/platforms/create-platform";
import { parseId } from "@/lib/ids";
import { example } from "../support/external-account-examples";
import { startOwnServer, type OwnServer } from "../support/own-server";

const ROWS = 30_000;
const LARGE = ["customers", "internal_accounts", "external_accounts", "quotes", "transactions", "ledger_entries", "outbox_events", "webhook_deliveries", "agents"];

let own: OwnServer;
let sql: postgres.Sql;
let auth: string;
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

const u = (prefix: string) => `('00000000-0000-7000-${prefix}-' || lpad(to_hex(i), 12, '0'))::uuid`;

/** Another platform's rows: the tables are large, the probing platform's rows few. */
async function seedFiller(platformId: string) {
  await sql.begin(async (tx) => {
    await tx.unsafe(`
      insert into customers (id, platform_id, platform_customer_id, customer_type, email, uma_address, kyc_status, profile)
      select ${u("8000")}, '${platformId}'::uuid, 'filler-' || i, 'INDIVIDUAL', 'f' || i || '@example.com', '$f' || i || '@example.com', 'APPROVED', '{"fullName":"Filler"}'::jsonb
      from generate_series(0, ${ROWS - 1}) i;
      insert into internal_accounts (id, platform_id, customer_id, type, status, currency, decimals)
      select ${u("8100")}, '${platformId}'::uuid, ${u("8000")}, 'INTERNAL_FIAT', 'ACTIVE', 'USD', 2 from generate_series(0, ${ROWS - 1}) i;
      insert into external_accounts (id, platform_id, customer_id, status, currency, account_type, account_info, identity_key, beneficiary_verification_status, beneficiary_verified_name)
      select ${u("a000")}, '${platformId}'::uuid, ${u("8000")}, 'ACTIVE', 'USD', 'USD_ACCOUNT',
             jsonb_build_object('accountType', 'USD_ACCOUNT', 'accountNumber', lpad(i::text, 12, '0'), 'routingNumber', '021000021', 'bankAccountType', 'CHECKING',
               'beneficiary', jsonb_build_object('beneficiaryType', 'INDIVIDUAL', 'fullName', 'Filler')),
             'USD_ACCOUNT:routingNumber=021000021|accountNumber=' || lpad(i::text, 12, '0'), 'MATCHED', 'Filler'
      from generate_series(0, ${ROWS - 1}) i;
      insert into quotes (id, platform_id, customer_id, status, source_kind, source_account_id, destination_kind, destination_account_id,
                          locked_currency_side, locked_currency_amount, sending_currency, receiving_currency, total_sending_amount,
                          total_receiving_amount, exchange_rate, fees_included, platform_fees_included, usd_value_cents, transaction_id, expires_at)
      select ${u("b000")}, '${platformId}'::uuid, ${u("8000")}, 'COMPLETED', 'INTERNAL', ${u("8100")}, 'EXTERNAL', ${u("a000")},
             'SENDING', 100, 'USD', 'USD', 100, 100, '1', 0, 0, 100, ${u("c000")}, now()
      from generate_series(0, ${ROWS - 1}) i;
      insert into transactions (id, platform_id, customer_id, quote_id, kind, direction, status, source_kind, source_account_id, destination_kind,
                                destination_account_id, sending_currency, sending_amount, receiving_currency, receiving_amount, exchange_rate,
                                fees_amount, platform_fees_amount, usd_value_cents, settled_at)
      select ${u("c000")}, '${platformId}'::uuid, ${u("8000")}, ${u("b000")}, 'TRANSFER', 'OUTGOING', 'COMPLETED', 'INTERNAL', ${u("8100")}, 'EXTERNAL',
             ${u("a000")}, 'USD', 100, 'USD', 100, '1', 0, 0, 100, now()
      from generate_series(0, ${ROWS - 1}) i;
      insert into ledger_entries (id, platform_id, transaction_id, account, currency, amount, memo)
      select ${u("d000")}, '${platformId}'::uuid, ${u("c000")}, 'ia:' || ${u("8100")}, 'USD', -100, 'filler' from generate_series(0, ${ROWS - 1}) i
      union all
      select ${u("d100")}, '${platformId}'::uuid, ${u("c000")}, 'sys:${platformId}:PAYOUTS:USD', 'USD', 100, 'filler' from generate_series(0, ${ROWS - 1}) i;
      insert into outbox_events (id, platform_id, type, data, dispatched_at)
      select ${u("e000")}, '${platformId}'::uuid, 'TRANSACTION.COMPLETED', '{}'::jsonb, now() from generate_series(0, ${ROWS - 1}) i;
      insert into webhook_deliveries (id, platform_id, event_type, body, status, attempts, next_attempt_at, give_up_at)
      select ${u("e000")}, '${platformId}'::uuid, 'TRANSACTION.COMPLETED', '{}', 'DELIVERED', 1, now(), now() + interval '7 days' from generate_series(0, ${ROWS - 1}) i;
      insert into agents (id, platform_id, customer_id, name, policy, permissions, token_digest, connected_at)
      select ${u("9000")}, '${platformId}'::uuid, ${u("8000")}, 'filler agent ' || i,
             '{"permissions":["MANAGE_EXTERNAL_ACCOUNTS"],"defaultExecutionMode":"AUTO","spendingLimits":{"currency":"USD","perTransactionLimit":100000}}'::jsonb,
             array['MANAGE_EXTERNAL_ACCOUNTS'], encode(sha256(convert_to('filler-' || i, 'UTF8')), 'hex'), now()
      from generate_series(0, ${ROWS - 1}) i;
    `);
  });
  for (const t of LARGE) await sql.unsafe(`analyze ${t}`);
}

async function seqScans(): Promise<Record<string, number>> {
  const rows = await sql<{ relname: string; seq_scan: string }[]>`select relname, seq_scan from pg_stat_user_tables where relname = any(${LARGE})`;
  return Object.fromEntries(rows.map((r) => [r.relname, Number(r.seq_scan)]));
}

beforeAll(async () => {
  own = await startOwnServer("plans", { WEBHOOK_WORKER: "off", SWEEPER: "off", BULK_IMPORT_WORKER: "off" });
  sql = postgres(own.dbUrl, { max: 2, onnotice: () => {} });
  const filler = await createPlatform({ name: "filler", environment: "SANDBOX" });
  await seedFiller(parseId("Platform", filler.id)!);
  const p = await createPlatform({ name: "probe", environment: "SANDBOX", settings: { skipVerificationPaperwork: true } });
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
    const consent = { termsVersion: "V1", acceptedAt: new Date().toISOString(), acceptanceMethod: "CHECKBOX", ipAddress: "203.0.113.7" };
    const made = await req("POST", "/customers", { customerType: "INDIVIDUAL", fullName: "Probe User", email: "probe@example.com", platformCustomerId: "probe-1", currencies: ["USD"], endUserTermsConsent: consent });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const customerId: string = made.body.id;
    const accounts = await req("GET", `/customers/internal-accounts?customerId=${customerId}`);
    const usd = accounts.body.data.find((a: { balance: { currency: { code: string } } }) => a.balance.currency.code === "USD").id;
    expect((await req("POST", `/sandbox/internal-accounts/${usd}/fund`, { amount: 10_000 })).status).toBe(200);
    const ex = example("USD_ACCOUNT");
    const ext = await req("POST", "/customers/external-accounts", { customerId, currency: "USD", accountInfo: { ...ex.accountInfo, accountNumber: "000123456789" } });
    expect(ext.status, JSON.stringify(ext.body)).toBe(201);
    const quote = await req("POST", "/quotes", {
      source: { sourceType: "ACCOUNT", accountId: usd },
      destination: { destinationType: "ACCOUNT", accountId: ext.body.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: 1_000,
      immediatelyExecute: true,
    });
    expect(quote.status, JSON.stringify(quote.body)).toBeLessThan(300);
    const policy = { permissions: ["VIEW_TRANSACTIONS", "MANAGE_EXTERNAL_ACCOUNTS"], defaultExecutionMode: "AUTO", spendingLimits: { currency: "USD", perTransactionLimit: 10_000 } };
    const agent = await req("POST", "/agents", { name: "Probe agent", customerId, policy });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    const redeemed = await fetch(`${base()}/agents/device-codes/${agent.body.deviceCode.code}/redeem`, { method: "POST" }).then((r) => r.json());
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
    for (const path of ["/agents/me/external-accounts", `/agents/me/external-accounts/${ext.body.id}`, "/agents/me/transactions", "/agents/me"]) {
      const r = await req("GET", path, undefined, bearer);
      if (r.status !== 200) misses.push(`${path} → ${r.status}`);
    }
    expect(misses).toEqual([]);
    // Server backends flush their statistics at most every second, and within 10 s of going idle (PostgreSQL 15).
    await new Promise((r) => setTimeout(r, 11_000));
    const scans = await seqScans();
    const [{ n: indexScans }] = await sql<{ n: string }[]>`select coalesce(sum(idx_scan), 0) as n from pg_stat_user_tables where relname = any(${LARGE})`;
    expect(Number(indexScans)).toBeGreaterThan(0);
    expect(Object.entries(scans).filter(([, n]) => n > 0)).toEqual([]);
  }, 120_000);
});
