/**
 * The daily volume's running total (customer_daily_volumes, kept by a trigger on transactions:
 * db/migrations/0025_customer_daily_volumes.sql) and the check that reads it (lib/server/money/limits.ts sentTodayUsdCents):
 * after any mix of payments the table holds, for each customer and UTC day, exactly what summing the day's counted
 * transactions gives (`oldSum`: completed, and held after the debit); the limit holds at its boundary, concurrent
 * payments of one customer included, and counts payments the receiving side holds until they fail; and the check
 * reads one row of the table and at most the executing transaction, however many payments the customer made today.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb, type DbOrTx } from "@/db/client";
import { newUuid, parseId } from "@/lib/shared/ids";
import { sentTodayUsdCents } from "@/lib/server/money/limits";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { approvalAgent, fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

afterAll(() => closeDb());

async function database() {
  process.env.DATABASE_URL = inject("databaseUrl");
  return getDb();
}

/**
 * The rule the running total keeps, summed over the day's transactions, for today (`day` null) or for one UTC day
 * ('YYYY-MM-DD'): OUTGOING, non-FUNDING, and COMPLETED or PENDING after the debit (not awaiting the platform's approval).
 */
async function oldSum(db: DbOrTx, customerId: string, except: string, day: string | null = null): Promise<bigint> {
  const range =
    day === null
      ? sql`created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'`
      : sql`created_at >= ${day}::date::timestamp at time zone 'utc'
            and created_at < (${day}::date + 1)::timestamp at time zone 'utc'`;
  const [row] = await execRows<{ total: string }>(
    db,
    sql`select coalesce(sum(usd_value_cents), 0)::text as total from transactions
        where customer_id = ${customerId} and direction = 'OUTGOING' and kind <> 'FUNDING'
          and (status = 'COMPLETED' or (status = 'PENDING' and approval is distinct from 'PENDING'))
          and id <> ${except} and ${range}`,
  );
  return BigInt(row.total);
}

/** Every (customer, day) the table or the customers' transactions name: the table's value and the old sum's. */
async function compareAll(db: DbOrTx, customerIds: string[]) {
  const none = newUuid();
  const out: { customer: string; day: string; table: bigint; sum: bigint }[] = [];
  for (const c of customerIds) {
    const days = await execRows<{ day: string }>(
      db,
      sql`select (created_at at time zone 'utc')::date::text as day from transactions where customer_id = ${c}
          union select day::text from customer_daily_volumes where customer_id = ${c} order by 1`,
    );
    for (const { day } of days) {
      const [row] = await execRows<{ v: string }>(
        db,
        sql`select usd_value_cents::text as v from customer_daily_volumes where customer_id = ${c} and day = ${day}::date`,
      );
      out.push({ customer: c, day, table: BigInt(row?.v ?? "0"), sum: await oldSum(db, c, none, day) });
    }
  }
  return out;
}

/** A platform whose daily volume limit is `dailyVolumeLimitUsdCents`, and two customers with 200 000 USD cents each. */
async function twoCustomers(dailyVolumeLimitUsdCents: number) {
  const db = await database();
  const p = await newPlatform();
  const r = await call("PATCH", "/config", { auth: p.auth, body: { limits: { dailyVolumeLimitUsdCents } } });
  expect(r.status).toBe(200);
  const [a, b] = await Promise.all([moneyCustomer(p, ["USD"]), moneyCustomer(p, ["USD"])]);
  await Promise.all([fund(p, a.accounts.USD, 200_000), fund(p, b.accounts.USD, 200_000)]);
  return { db, p, a, b };
}

/** Grid's sandbox receiver whose VASP holds every payment in compliance review (debited, PENDING). */
const LONG_PENDING = "$pending.long.usd@sandbox.uma.money";

/** An immediately executed payment to an internal or external account id, or to an UMA address (`$…`). */
const pay = (p: TestPlatform, src: string, dst: string, amount: number) =>
  call("POST", "/quotes", {
    auth: p.auth,
    body: dst.startsWith("$")
      ? {
          source: { sourceType: "ACCOUNT", accountId: src },
          destination: { destinationType: "UMA_ADDRESS", umaAddress: dst },
          lockedCurrencySide: "SENDING",
          lockedCurrencyAmount: amount,
          immediatelyExecute: true,
        }
      : quoteBody(src, dst, amount, { immediatelyExecute: true }),
  });

describe("the daily volume's running total", () => {
  it("equals the old sum per customer and day after payments that complete, fail, are held, cancelled, rejected and approved (also a day later)", async () => {
    const { db, p, a, b } = await twoCustomers(40_000);
    const aUuid = parseId("Customer", a.customer.id)!;
    const bUuid = parseId("Customer", b.customer.id)!;
    const [payee, failsAfterDebit, cannotReceive] = await Promise.all(
      ["789", "002", "003"].map((s) => usdExternal(p, a.customer.id, s)),
    );
    const token = await approvalAgent(p, a.customer.id);
    const awaitingApproval = async (amount: number) => {
      const q = await call("POST", "/agents/me/quotes", {
        auth: `Bearer ${token}`,
        body: quoteBody(a.accounts.USD, payee, amount),
      });
      const ex = await call("POST", `/agents/me/quotes/${q.body.id}/execute`, { auth: `Bearer ${token}` });
      expect(ex.body).toMatchObject({ status: "PENDING_APPROVAL" });
      return q.body.transactionId as string;
    };

    // Completed: internal → internal, a payout, a quote executed later, a transfer-out, a sandbox send.
    expect((await pay(p, a.accounts.USD, b.accounts.USD, 1_100)).body.status).toBe("COMPLETED");
    expect((await pay(p, a.accounts.USD, payee, 1_200)).body.status).toBe("COMPLETED");
    const later = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(a.accounts.USD, b.accounts.USD, 1_300),
    });
    expect((await call("POST", `/quotes/${later.body.id}/execute`, { auth: p.auth })).body.status).toBe("COMPLETED");
    const out = await call("POST", "/transfer-out", {
      auth: p.auth,
      body: { source: { accountId: a.accounts.USD }, destination: { accountId: payee }, amount: 1_400 },
    });
    expect(out.body.status).toBe("COMPLETED");
    const sendQuote = await call("POST", "/quotes", {
      auth: p.auth,
      body: quoteBody(b.accounts.USD, a.accounts.USD, 1_500),
    });
    const sent = await call("POST", "/sandbox/send", {
      auth: p.auth,
      body: { quoteId: sendQuote.body.id, currencyCode: "USD" },
    });
    expect(sent.body.status).toBe("COMPLETED");
    // Failed: after the debit (refunded), before it; held by the receiving side (PENDING); refused by the limit.
    expect((await pay(p, a.accounts.USD, failsAfterDebit, 1_600)).body.status).toBe("FAILED");
    expect((await pay(p, a.accounts.USD, cannotReceive, 1_700)).body.status).toBe("FAILED");
    const held = await call("POST", "/quotes", {
      auth: p.auth,
      body: {
        source: { sourceType: "ACCOUNT", accountId: a.accounts.USD },
        destination: { destinationType: "UMA_ADDRESS", umaAddress: "$pending.long.usd@sandbox.uma.money" },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1_800,
        immediatelyExecute: true,
      },
    });
    expect(held.status).toBe(201);
    const heldTx = await call("GET", `/transactions/${held.body.transactionId}`, { auth: p.auth });
    expect(heldTx.body).toMatchObject({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" });
    expect((await pay(p, b.accounts.USD, a.accounts.USD, 40_001)).status).toBe(429);
    // The platform's decisions: cancelled, rejected, approved today, and approved a day after it was created.
    const cancelled = await awaitingApproval(1_900);
    expect((await call("POST", `/transactions/${cancelled}/cancel`, { auth: p.auth })).status).toBe(200);
    const rejected = await awaitingApproval(2_000);
    expect((await call("POST", `/transactions/${rejected}/reject`, { auth: p.auth })).status).toBe(200);
    const approved = await awaitingApproval(2_100);
    const approvedToday = await call("POST", `/transactions/${approved}/approve`, { auth: p.auth });
    expect(approvedToday.body.status).toBe("COMPLETED");
    const yesterdays = await awaitingApproval(2_200);
    await execRows(
      db,
      sql`update transactions set created_at = created_at - interval '1 day' where id = ${parseId("Transaction", yesterdays)!}`,
    );
    const approvedLate = await call("POST", `/transactions/${yesterdays}/approve`, { auth: p.auth });
    expect(approvedLate.body.status).toBe("COMPLETED");

    const rows = await compareAll(db, [aUuid, bUuid]);
    for (const r of rows) expect(r.table, `${r.customer} ${r.day}`).toBe(r.sum);
    const today = (await execRows<{ d: string }>(db, sql`select (now() at time zone 'utc')::date::text as d`))[0].d;
    const of = (c: string, day: string) => rows.find((r) => r.customer === c && r.day === day)?.table ?? 0n;
    // a: 1 100 + 1 200 + 1 300 + 1 400 + 1 800 (held) + 2 100 today; the approval created yesterday counts in
    // yesterday's row; the cancelled and rejected ones, pending the platform's approval, never moved money.
    expect(of(aUuid, today)).toBe(8_900n);
    expect(rows.filter((r) => r.customer === aUuid && r.day !== today).map((r) => r.table)).toEqual([2_200n]);
    expect(of(bUuid, today)).toBe(1_500n);

    // Direct SQL keeps it right too (the trigger, not the service, keeps the total): a completed row moved two days
    // back, one's amount changed, one moved to the other customer, one made INCOMING, one inserted already COMPLETED,
    // one deleted.
    const completed = await execRows<{ id: string }>(
      db,
      sql`select id from transactions where customer_id = ${aUuid} and status = 'COMPLETED' and direction = 'OUTGOING'
          and kind <> 'FUNDING' order by usd_value_cents`,
    );
    await execRows(
      db,
      sql`update transactions set created_at = created_at - interval '2 days' where id = ${completed[0].id}`,
    );
    await execRows(
      db,
      sql`update transactions set usd_value_cents = usd_value_cents + 5 where id = ${completed[1].id}`,
    );
    await execRows(db, sql`update transactions set customer_id = ${bUuid} where id = ${completed[2].id}`);
    await execRows(db, sql`update transactions set direction = 'INCOMING' where id = ${completed[3].id}`);
    await execRows(
      db,
      sql`insert into transactions (id, platform_id, customer_id, kind, direction, status, source_kind, destination_kind,
                                    sending_currency, sending_amount, receiving_currency, receiving_amount, exchange_rate,
                                    fees_amount, platform_fees_amount, usd_value_cents)
          values (${newUuid()}, ${parseId("Platform", p.id)!}, ${aUuid}, 'TRANSFER', 'OUTGOING', 'COMPLETED', 'SANDBOX',
                  'SANDBOX', 'USD', 77, 'USD', 77, '1', 0, 0, 77)`,
    );
    const gone = await execRows<{ id: string }>(
      db,
      sql`select id from transactions where customer_id = ${bUuid} and status = 'COMPLETED' and direction = 'OUTGOING'
          and kind <> 'FUNDING' and (created_at at time zone 'utc')::date = (now() at time zone 'utc')::date limit 1`,
    );
    await execRows(db, sql`delete from transactions where id = ${gone[0].id}`);
    for (const r of await compareAll(db, [aUuid, bUuid])) expect(r.table, `${r.customer} ${r.day}`).toBe(r.sum);

    // The check itself against the old statement: any excepted id, the customer's own completed row included.
    for (const c of [aUuid, bUuid]) {
      const own = await execRows<{ id: string }>(db, sql`select id from transactions where customer_id = ${c}`);
      for (const except of [newUuid(), ...own.map((o) => o.id)]) {
        const got = await db.transaction((tx) => sentTodayUsdCents(tx, c, except));
        expect(got, except).toBe(await oldSum(db, c, except));
      }
    }
  });

  it("enforces the limit exactly at its boundary, and concurrent payments of one customer: exactly those that fit", async () => {
    const { db, p, a, b } = await twoCustomers(10_000);
    expect((await pay(p, a.accounts.USD, b.accounts.USD, 6_000)).status).toBe(201);
    const over = await pay(p, a.accounts.USD, b.accounts.USD, 4_001);
    expect(over.status).toBe(429);
    expect(over.body.details).toMatchObject({ limitUsdCents: 10_000, usedUsdCents: 6_000, amountUsdCents: 4_001 });
    expect((await pay(p, a.accounts.USD, b.accounts.USD, 4_000)).body.status).toBe("COMPLETED");
    const full = await pay(p, a.accounts.USD, b.accounts.USD, 1);
    expect(full.status).toBe(429);
    expect(full.body.details).toMatchObject({ usedUsdCents: 10_000 });

    // Another customer: 14 concurrent payments of 1 000 against a limit of 10 000, with 4 payouts that fail before
    // the debit (never counted) among them: exactly 10 complete.
    const c = await moneyCustomer(p, ["USD"]);
    await fund(p, c.accounts.USD, 100_000);
    const cannotReceive = await usdExternal(p, c.customer.id, "003");
    const results = await Promise.all([
      ...Array.from({ length: 14 }, () => pay(p, c.accounts.USD, b.accounts.USD, 1_000)),
      ...Array.from({ length: 4 }, () => pay(p, c.accounts.USD, cannotReceive, 1_000)),
    ]);
    const internal = results.slice(0, 14);
    expect(internal.filter((r) => r.status === 201 && r.body.status === "COMPLETED")).toHaveLength(10);
    expect(internal.filter((r) => r.status === 429)).toHaveLength(4);
    for (const r of results.slice(14)) expect(r.status === 429 || r.body.status === "FAILED").toBe(true);
    const cUuid = parseId("Customer", c.customer.id)!;
    const [row] = await execRows<{ v: string }>(
      db,
      sql`select usd_value_cents::text as v from customer_daily_volumes
          where customer_id = ${cUuid} and day = (now() at time zone 'utc')::date`,
    );
    expect(row.v).toBe("10000");
    expect(await oldSum(db, cUuid, newUuid())).toBe(10_000n);
  });

  it("counts payments held by the receiving side after the debit, concurrent ones included, until they fail", async () => {
    const { db, p, a, b } = await twoCustomers(10_000);
    const held = await pay(p, a.accounts.USD, LONG_PENDING, 6_000);
    expect(held.status).toBe(201);
    const heldTx = await call("GET", `/transactions/${held.body.transactionId}`, { auth: p.auth });
    expect(heldTx.body).toMatchObject({ status: "PENDING", pendingReason: "COMPLIANCE_REVIEW" });
    // The money has left the balance: a second 6 000 would send 12 000 today, to a held receiver or any other.
    for (const dst of [LONG_PENDING, b.accounts.USD]) {
      const over = await pay(p, a.accounts.USD, dst, 6_000);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({
        code: "DAILY_VOLUME_LIMIT_EXCEEDED",
        details: { limitUsdCents: 10_000, usedUsdCents: 6_000, amountUsdCents: 6_000 },
      });
    }
    expect((await pay(p, a.accounts.USD, LONG_PENDING, 4_000)).body.status).toBe("PROCESSING");
    const full = await pay(p, a.accounts.USD, b.accounts.USD, 1);
    expect(full.status).toBe(429);
    expect(full.body.details).toMatchObject({ usedUsdCents: 10_000 });

    // The held payment fails: its amount leaves the day's total in the same database transaction. No service path
    // ends a held payment (the sandbox receiver holds it for good, and a cancel is for bank transfers), so the rail's
    // answer is written by SQL; the trigger, not the service, keeps the total, whoever writes.
    const heldUuid = parseId("Transaction", held.body.transactionId)!;
    await execRows(
      db,
      sql`update transactions set status = 'FAILED', pending_reason = null, failure_reason = 'COMPLIANCE_REJECTED'
          where id = ${heldUuid}`,
    );
    expect((await pay(p, a.accounts.USD, b.accounts.USD, 6_000)).body.status).toBe("COMPLETED");
    expect((await pay(p, a.accounts.USD, b.accounts.USD, 1)).status).toBe(429);
    const aUuid = parseId("Customer", a.customer.id)!;
    expect(await oldSum(db, aUuid, newUuid())).toBe(10_000n);

    // Another customer: 13 concurrent held payments of 1 000 against 10 000: exactly 10 are held, the rest refused.
    const c = await moneyCustomer(p, ["USD"]);
    await fund(p, c.accounts.USD, 100_000);
    const results = await Promise.all(Array.from({ length: 13 }, () => pay(p, c.accounts.USD, LONG_PENDING, 1_000)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(3);
    const cUuid = parseId("Customer", c.customer.id)!;
    const [row] = await execRows<{ v: string }>(
      db,
      sql`select usd_value_cents::text as v from customer_daily_volumes
          where customer_id = ${cUuid} and day = (now() at time zone 'utc')::date`,
    );
    expect(row.v).toBe("10000");
    expect(await oldSum(db, cUuid, newUuid())).toBe(10_000n);
  });

  it("reads one row of the running total and at most the executing transaction, not the customer's day", async () => {
    const db = await database();
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    const aUuid = parseId("Customer", a.customer.id)!;
    const platformId = parseId("Platform", p.id)!;
    const N = 500;
    await execRows(
      db,
      sql`insert into transactions (id, platform_id, customer_id, kind, direction, status, source_kind, destination_kind,
                                    sending_currency, sending_amount, receiving_currency, receiving_amount, exchange_rate,
                                    fees_amount, platform_fees_amount, usd_value_cents)
          select gen_random_uuid(), ${platformId}, ${aUuid}, 'TRANSFER', 'OUTGOING', 'COMPLETED', 'SANDBOX', 'SANDBOX',
                 'USD', 10, 'USD', 10, '1', 0, 0, 10
          from generate_series(1, ${N})`,
    );
    const [one] = await execRows<{ id: string }>(
      db,
      sql`select id from transactions where customer_id = ${aUuid} limit 1`,
    );
    // Tuples read in this database transaction, per table (pg_stat_xact_user_tables counts the current transaction).
    const reads = async (tx: DbOrTx) => {
      const rows = await execRows<{ relname: string; n: string }>(
        tx,
        sql`select relname, (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text as n
            from pg_stat_xact_user_tables where relname in ('transactions', 'customer_daily_volumes')`,
      );
      return Object.fromEntries(rows.map((r) => [r.relname, Number(r.n)])) as Record<string, number>;
    };
    // The suite's table is small enough for the planner to read it whole; at production sizes it takes the primary
    // key, as it does here with sequential scans off.
    const measure = (run: (tx: DbOrTx) => Promise<bigint>) =>
      db.transaction(async (tx) => {
        await execRows(tx, sql`set local enable_seqscan = off`);
        const before = await reads(tx);
        const total = await run(tx);
        const after = await reads(tx);
        const delta = (t: string) => (after[t] ?? 0) - (before[t] ?? 0);
        return { total, transactions: delta("transactions"), volumes: delta("customer_daily_volumes") };
      });
    for (const except of [newUuid(), one.id]) {
      const now = await measure((tx) => sentTodayUsdCents(tx as never, aUuid, except));
      const old = await measure((tx) => oldSum(tx, aUuid, except));
      expect(now.total).toBe(old.total);
      expect(now.volumes).toBeLessThanOrEqual(1);
      expect(now.transactions).toBeLessThanOrEqual(1);
      // The statement it replaced read every one of the day's transactions of the customer.
      expect(old.transactions).toBeGreaterThanOrEqual(N - 1);
    }
  });
});
