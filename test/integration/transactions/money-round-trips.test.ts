/**
 * A payment's own round trips. A second `next start` on the suite's database reaches PostgreSQL through
 * a counting proxy (test/support/counting-proxy.ts), its background workers off, so every round trip counted is the
 * request's. `POST /quotes` with `immediatelyExecute`: the platform (BasicAuth), the source and the destination with
 * their owners, then the transaction in two round trips: BEGIN, the locks, the day's volume (and the external
 * destination) in one; the ledger posting, the quote and transaction rows with their final status and the event, and
 * COMMIT in the other (lib/server/transactions/execute-transaction.ts). The peer runs no webhook worker, so after each payment's COMMIT it announces the event to the other
 * instances' workers with one NOTIFY (lib/server/webhooks/announce-outbox.ts): awaited and counted apart from the payment's own.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, execRows, getDb } from "@/db/client";
import { parseId } from "@/lib/shared/ids";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { type CountingProxy, startCountingProxy } from "../../support/counting-proxy";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";
import type { RunningServer } from "../../support/server";

let proxy: CountingProxy;
let peer: RunningServer;
let p: TestPlatform;

beforeAll(async () => {
  proxy = await startCountingProxy(new URL(inject("databaseUrl")));
  peer = await startPeerServer({
    DATABASE_URL: proxy.url,
    // One connection: after the warm-up every statement is prepared on it (a statement's first run on a connection is
    // described first, a round trip of its own, once per connection).
    DATABASE_POOL_SIZE: "1",
    WEBHOOK_WORKER: "off",
    BULK_IMPORT_WORKER: "off",
    STABLECOIN_WORKER: "off",
    PLAID_WORKER: "off",
    SWEEPER: "off",
    // The bench's bound (bench/skeleton/payment-skeleton.ts), counted below beside the payment it stands for.
    BENCH_ROUTES: "1",
    BENCH_ROUTES_NOT_PRODUCTION: "1",
  });
  p = await newPlatform();
});

afterAll(async () => {
  await peer?.stop();
  await proxy?.close();
  await closeDb();
});

/**
 * Round trips of one request to the peer, not counting the NOTIFY that announces its event after its COMMIT (one
 * statement, one round trip; the peer sends nothing else, so its statements are counted once they have stopped).
 */
async function roundTrips(
  body: unknown,
): Promise<{ trips: number; statements: number; status: number; quoteStatus: string }> {
  const [before, statementsBefore] = [proxy.flights(), proxy.statements()];
  const r = await call("POST", "/quotes", { auth: p.auth, body, origin: peer.url });
  for (let seen = -1; seen !== proxy.statements(); ) {
    seen = proxy.statements();
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    trips: proxy.flights() - before - 1,
    statements: proxy.statements() - statementsBefore - 1,
    status: r.status,
    quoteStatus: r.body.status,
  };
}

/** Two new customers, the first funded with `funds`, and a payment of `amount` from the first to the second (the peer). */
async function newCustomersPay(funds: number, amount: number) {
  const a = await moneyCustomer(p, ["USD"]);
  const b = await moneyCustomer(p, ["USD"]);
  await fund(p, a.accounts.USD, funds);
  const r = await call("POST", "/quotes", {
    auth: p.auth,
    origin: peer.url,
    body: quoteBody(a.accounts.USD, b.accounts.USD, amount, { immediatelyExecute: true }),
  });
  return { a, b, r };
}

describe("a payment's round trips", () => {
  it("internal → internal and internal → external: five round trips each, the money moved", async () => {
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 100_000);
    const external = await usdExternal(p, b.customer.id);
    const internal = (amount: number) =>
      quoteBody(a.accounts.USD, b.accounts.USD, amount, { immediatelyExecute: true });
    const payout = (amount: number) => quoteBody(a.accounts.USD, external, amount, { immediatelyExecute: true });
    // Warm-up: the peer's BasicAuth verification memo and every statement prepared on its connections (a statement's
    // first run on a connection is described first: one more round trip, once).
    for (let i = 0; i < 3; i++) {
      expect((await roundTrips(internal(100))).status).toBe(201);
      expect((await roundTrips(payout(100))).status).toBe(201);
    }
    const i2i = await roundTrips(internal(250));
    const i2e = await roundTrips(payout(250));
    expect([i2i.status, i2i.quoteStatus, i2e.status, i2e.quoteStatus]).toEqual([201, "COMPLETED", 201, "COMPLETED"]);
    // 3 before the transaction + 2 in it: 5 waits. The proxy may count up to 7: a pipelined group over 1 KiB leaves the
    // driver in more than one write (postgres.js flushes a write buffer at 1 KiB: the quote, transaction and event), and
    // when the server has answered the first before the second arrives the proxy sees a new flight, although nothing
    // waited for it.
    expect(i2i.trips).toBeGreaterThanOrEqual(5);
    expect(i2i.trips).toBeLessThanOrEqual(7);
    expect(i2e.trips).toBeGreaterThanOrEqual(5);
    expect(i2e.trips).toBeLessThanOrEqual(7);
    // The statements: the platform, the source and the destination; then BEGIN, the lock, the day's volume (a payout:
    // and its external account), the posting, the quote and transaction inserted with their final status together
    // with the event, and COMMIT. No UPDATE of a row the payment inserted (lib/server/transactions/transitions.ts says why).
    expect([i2i.statements, i2e.statements]).toEqual([9, 10]);
    expect(await balance(p, a.accounts.USD)).toBe(100_000 - 3 * 200 - 500);
    expect(await balance(p, b.accounts.USD)).toBe(3 * 100 + 250);
  });

  it("the bench's bound (s) sends a payment's statements: 9 internal → internal, 10 for a payout", async () => {
    // bench/money-path.ts compares (i) with (s), the same round trips and nothing else: a bound that drifted from the
    // payment (one statement more or fewer) would make that ratio say something else.
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    const external = await usdExternal(p, b.customer.id);
    process.env.DATABASE_URL = inject("databaseUrl");
    const db = await getDb();
    // The skeleton's scratch table, as the bench makes it. Left in place (the suite's database goes at its end): files
    // that read every table's cells side by side (the at-rest checks) must not see it vanish between list and read.
    await execRows(
      db,
      sql`create table if not exists bench_skeleton (id uuid primary key, kind text not null, payload jsonb not null, created_at timestamptz not null default now())`,
    );
    const skeleton = async (destination: string, destinationKind: "INTERNAL" | "EXTERNAL") => {
      const before = proxy.statements();
      const r = await fetch(`${peer.url}/api/bench/payment-skeleton?shape=payment`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ platformId: p.id, source: a.accounts.USD, destination, destinationKind }),
      });
      expect(r.status, await r.text()).toBe(201);
      return proxy.statements() - before;
    };
    // Warm-up: each statement prepared on the peer's one connection.
    for (let i = 0; i < 2; i++) {
      await skeleton(b.accounts.USD, "INTERNAL");
      await skeleton(external, "EXTERNAL");
    }
    expect([await skeleton(b.accounts.USD, "INTERNAL"), await skeleton(external, "EXTERNAL")]).toEqual([9, 10]);
  });

  it("a refused payment (insufficient funds) leaves nothing behind", async () => {
    const { a, r } = await newCustomersPay(1_000, 5_000);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INSUFFICIENT_FUNDS");
    const quotes = await call("GET", `/quotes?customerId=${encodeURIComponent(a.customer.id)}`, { auth: p.auth });
    expect(quotes.body.data ?? []).toEqual([]);
    expect(await balance(p, a.accounts.USD)).toBe(1_000);
  });

  it("a payment that would take the destination past 2^53 − 1 is refused before its last writes, and nothing moves", async () => {
    // The early COMMIT travels with the posting, so the posting's bound is checked on the locked balances first
    // (lib/server/ledger/post-ledger.ts assertPostingFits): refused with the same 400 as the posting's own check.
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 1_000);
    await fund(p, b.accounts.USD, Number.MAX_SAFE_INTEGER - 50);
    const r = await call("POST", "/quotes", {
      auth: p.auth,
      origin: peer.url,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 100, { immediatelyExecute: true }),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe("INVALID_INPUT");
    expect(await balance(p, a.accounts.USD)).toBe(1_000);
    expect(await balance(p, b.accounts.USD)).toBe(Number.MAX_SAFE_INTEGER - 50);
    const quotes = await call("GET", `/quotes?customerId=${encodeURIComponent(a.customer.id)}`, { auth: p.auth });
    expect(quotes.body.data ?? []).toEqual([]);
  });

  it("the rows written by the statements built once are the query builder's: SQL nulls, timestamps, the posting", async () => {
    // The quote and transaction insert (transitions.ts enterExecuting, finishing) and the posting (lib/server/ledger/post-ledger.ts) are
    // built once on placeholders and bound per call: an absent value is SQL NULL (not JSON null), a date a timestamp.
    const { a, b, r } = await newCustomersPay(1_000, 300);
    expect([r.status, r.body.status]).toEqual([201, "COMPLETED"]);
    process.env.DATABASE_URL = inject("databaseUrl");
    const db = await getDb();
    const quoteId = parseId("Quote", r.body.id);
    const [row] = await execRows<Record<string, unknown>>(
      db,
      sql`select q.sender_customer_info is null as info_null, q.sca_challenge is null as challenge_null,
            q.status as quote_status, q.expires_at > q.created_at as expires_later,
            t.status, t.settled_at is not null as settled, t.receipt_delivery_confirmed_at is null as receipt_null,
            t.pending_reason is null as pending_null, t.sending_amount::text as sending,
            (select count(*)::int from ledger_entries e where e.transaction_id = t.id) as entries,
            (select sum(e.amount)::text from ledger_entries e where e.transaction_id = t.id) as entries_sum
          from quotes q join transactions t on t.id = q.transaction_id where q.id = ${quoteId}`,
    );
    expect(row).toEqual({
      info_null: true,
      challenge_null: true,
      quote_status: "COMPLETED",
      expires_later: true,
      status: "COMPLETED",
      settled: true,
      receipt_null: true,
      pending_null: true,
      sending: "300",
      entries: 2,
      entries_sum: "0",
    });
    expect(await balance(p, a.accounts.USD)).toBe(700);
    expect(await balance(p, b.accounts.USD)).toBe(300);
  });
});
