/**
 * Property: whatever sequence of money operations runs (funding, same- and cross-currency quotes,
 * payouts that succeed, fail before or after the debit, incoming transfers, refusals), the ledger
 * sums to zero per currency and per transaction, and every balance equals its ledger sum.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { parseId } from "@/lib/shared/ids";
import { call, newPlatform } from "../../support/api";
import { moneyCustomer, quoteBody, usdExternal } from "../../support/money";

/** mulberry32: a small seeded generator, so a failure replays with the printed seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

afterAll(() => closeDb());

describe("ledger", () => {
  // 500 HTTP operations one after another: about a minute on a loaded machine, so more than the suite's default.
  it("sums to zero after a random sequence of 500 operations", { timeout: 240_000 }, async () => {
    const seed = Number(process.env.LEDGER_SEED ?? Date.now() % 1_000_000);
    const rand = rng(seed);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
    const p = await newPlatform();
    await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        feeConfigs: [
          {
            feeType: "CROSS_CURRENCY_TRANSACTION",
            sourceCurrency: "USD",
            variableFeeBps: 75,
            fixedFee: { amount: 3, currency: "USD" },
          },
        ],
        limits: { dailyVolumeLimitUsdCents: 60_000 },
      },
    });
    const people = await Promise.all([0, 1, 2].map(() => moneyCustomer(p, ["USD", "EUR", "MXN"])));
    const externals = await Promise.all(
      people.map((c) => Promise.all(["789", "002", "003", "005"].map((s) => usdExternal(p, c.customer.id, s)))),
    );
    const accounts = people.flatMap((c) => Object.values(c.accounts));
    const statuses: Record<number, number> = {};
    const op = async () => {
      const who = Math.floor(rand() * people.length);
      const kind = rand();
      const amount = 1 + Math.floor(rand() * 3_000);
      let r: Awaited<ReturnType<typeof call<any>>>;
      if (kind < 0.2) {
        r = await call("POST", `/sandbox/internal-accounts/${pick(accounts)}/fund`, { auth: p.auth, body: { amount } });
      } else if (kind < 0.7) {
        const src = pick(Object.values(people[who].accounts));
        let dst = pick(accounts);
        if (dst === src) dst = accounts[(accounts.indexOf(src) + 1) % accounts.length];
        const body = quoteBody(src, dst, amount, {
          immediatelyExecute: rand() < 0.8,
          lockedCurrencySide: rand() < 0.5 ? "SENDING" : "RECEIVING",
        });
        r = await call("POST", "/quotes", { auth: p.auth, body });
        if (r.status === 201 && r.body.status === "PENDING" && rand() < 0.7)
          r = await call("POST", `/quotes/${r.body.id}/execute`, { auth: p.auth });
      } else if (kind < 0.9) {
        r = await call("POST", "/transfer-out", {
          auth: p.auth,
          body: {
            source: { accountId: people[who].accounts.USD },
            destination: { accountId: pick(externals[who]) },
            amount,
          },
        });
      } else {
        r = await call("POST", "/transfer-in", {
          auth: p.auth,
          body: {
            source: { accountId: externals[who][0] },
            destination: { accountId: people[who].accounts.USD },
            amount,
          },
        });
      }
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      // Refusals are fine (insufficient funds, limits); a 500 never is.
      expect(r.status, `seed ${seed}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
    };
    // 125 rounds of 4 concurrent operations: 500 in all, with lock contention between them.
    for (let round = 0; round < 125; round++) await Promise.all([op(), op(), op(), op()]);

    process.env.DATABASE_URL = inject("databaseUrl");
    const db = await getDb();
    const platformId = parseId("Platform", p.id)!;
    const { unbalanced, mismatched } = await checkLedger(db, platformId);
    expect(unbalanced, `seed ${seed}`).toEqual([]);
    expect(mismatched, `seed ${seed}`).toEqual([]);
    const perTx = await execRows(
      db,
      sql`select transaction_id, currency from ledger_entries where platform_id = ${platformId} group by 1, 2 having sum(amount) <> 0`,
    );
    expect(perTx).toEqual([]);
    const negative = await execRows(
      db,
      sql`select id from internal_accounts where platform_id = ${platformId} and balance < 0`,
    );
    expect(negative).toEqual([]);
    const [{ n }] = await execRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ledger_entries where platform_id = ${platformId}`,
    );
    expect(Number(n)).toBeGreaterThan(500);
    // Both successes and refusals happened, so the property was exercised on both paths.
    expect(statuses[201] ?? 0).toBeGreaterThan(50);
    expect((statuses[400] ?? 0) + (statuses[429] ?? 0)).toBeGreaterThan(0);
  });
});
