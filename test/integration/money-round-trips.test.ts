/**
 * Issue 30 item 1: a payment's own round trips. A second `next start` on the suite's database reaches PostgreSQL through
 * a counting proxy (test/support/counting-proxy.ts), its background workers off, so every round trip counted is the
 * request's. `POST /quotes` with `immediatelyExecute`: the platform (BasicAuth), the source and the destination with
 * their owners, then the transaction in two round trips: BEGIN, the quote and transaction rows, the locks, the day's
 * volume (and the external destination) in one; the ledger posting, the final status with its event, and COMMIT in
 * the other (lib/transactions/execute-transaction.ts). Before issue 30: 9 internal → internal, 10 internal → external.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../support/api";
import { type CountingProxy, startCountingProxy } from "../support/counting-proxy";
import { balance, fund, moneyCustomer, quoteBody, usdExternal } from "../support/money";
import type { RunningServer } from "../support/server";

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
  });
  p = await newPlatform();
});

afterAll(async () => {
  await peer?.stop();
  await proxy?.close();
});

/** Round trips of one request to the peer (after the request, the server's pool is idle: nothing else runs there). */
async function roundTrips(body: unknown): Promise<{ trips: number; status: number; quoteStatus: string }> {
  const before = proxy.flights();
  const r = await call("POST", "/quotes", { auth: p.auth, body, origin: peer.url });
  return { trips: proxy.flights() - before, status: r.status, quoteStatus: r.body.status };
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
    // 3 before the transaction + 2 in it: 5 waits. The proxy counts 7: a pipelined group over 1 KiB leaves the driver
    // in two writes (postgres.js flushes a write buffer at 1 KiB: the quote and transaction insert, and the event), and
    // when the server has answered the first before the second arrives the proxy sees a new flight, although nothing
    // waited for it. Before issue 30 a payment took 9 (internal) and 10 (external) round trips, each a wait.
    expect(i2i.trips).toBeGreaterThanOrEqual(5);
    expect(i2i.trips).toBeLessThanOrEqual(7);
    expect(i2e.trips).toBeGreaterThanOrEqual(5);
    expect(i2e.trips).toBeLessThanOrEqual(7);
    expect(await balance(p, a.accounts.USD)).toBe(100_000 - 3 * 200 - 500);
    expect(await balance(p, b.accounts.USD)).toBe(3 * 100 + 250);
  });

  it("a refused payment (insufficient funds) leaves nothing behind", async () => {
    const a = await moneyCustomer(p, ["USD"]);
    const b = await moneyCustomer(p, ["USD"]);
    await fund(p, a.accounts.USD, 1_000);
    const r = await call("POST", "/quotes", {
      auth: p.auth,
      origin: peer.url,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 5_000, { immediatelyExecute: true }),
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INSUFFICIENT_FUNDS");
    const quotes = await call("GET", `/quotes?customerId=${encodeURIComponent(a.customer.id)}`, { auth: p.auth });
    expect(quotes.body.data ?? []).toEqual([]);
    expect(await balance(p, a.accounts.USD)).toBe(1_000);
  });

  it("a payment that would take the destination past 2^53 − 1 is refused before its last writes, and nothing moves", async () => {
    // The early COMMIT travels with the posting, so the posting's bound is checked on the locked balances first
    // (lib/ledger/post-ledger.ts assertPostingFits): refused with the same 400 as the posting's own check.
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
});
