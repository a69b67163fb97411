import { invalidInput } from "@/lib/server/core/validation";
import { sql } from "drizzle-orm";
import { execRows, getDb, type DbOrTx } from "@/db/client";
import { commitWithLastWrites } from "@/db/transaction-client";
import { ApiError } from "@/lib/server/core/errors";
import { newUuid, parseId } from "@/lib/shared/ids";

/**
 * A bound for bench/money-path.ts, not a payment (bench/README.md "Money path"): served only with
 * BENCH_ROUTES=1. It makes the database round trips of an internal → internal `POST /quotes` with
 * `immediatelyExecute` on the same kind of rows — and nothing else: no authentication, no validation beyond the two
 * ids, no pricing, no ledger logic, no views, no events. Its writes go to a scratch table the bench creates
 * (`bench_skeleton`), and the accounts' balances are updated by zero, so the ledger stays as it was. What it reaches
 * per request is what a payment making this many round trips could at best reach in this framework on this machine.
 *
 * - "payment": the payment's round trips: the platform read (authentication), the source and the destination with
 *   their owners, then one transaction of two round trips, pipelined as the payment's are: BEGIN, the customer and
 *   accounts locked and the day's volume (the customer's running total); then the ledger entries with the balances,
 *   the quote, transaction and event rows with the running total's upsert (by zero), and COMMIT, as the payment
 *   writes them (each row once, with its final status). With `destinationKind`
 *   EXTERNAL, a payout's: the destination is an external account, and the first round trip of the transaction also
 *   reads what the payout rail needs of it (10 statements, as a payout's; half of the bench's (s) requests, as half
 *   of (i)'s are payouts).
 * - "fused": what a redesign into one statement would reach: one read (platform and both accounts), one
 *   autocommitted statement doing every write and lock (data-modifying CTEs), two round trips in all.
 */
export async function paymentSkeleton(input: {
  platformId: string;
  source: string;
  destination: string;
  destinationKind?: "INTERNAL" | "EXTERNAL";
  shape: "payment" | "fused";
}) {
  const payout = input.destinationKind === "EXTERNAL";
  const db = await getDb();
  const platformId = parseId("Platform", input.platformId);
  const source = parseId("InternalAccount", input.source);
  const destination = parseId(payout ? "ExternalAccount" : "InternalAccount", input.destination);
  if (!platformId || !source || !destination) throw invalidInput([], "platformId, source and destination must be ids");
  const payload = JSON.stringify({
    source: input.source,
    destination: input.destination,
    amount: 100,
    currency: "USD",
    note: "x".repeat(400),
  });
  const ids = payout ? [source] : [source, destination].sort();
  if (input.shape === "fused") {
    const [owners] = await execRows<{ customer_id: string }>(
      db,
      sql`select a.customer_id from platforms p join internal_accounts a on a.id = ${source}
          join internal_accounts d on d.id = ${destination} where p.id = ${platformId}`,
    );
    if (!owners) throw new ApiError("NOT_FOUND", "unknown account");
    await execRows(
      db,
      sql`with locked as (select c.id from customers c join internal_accounts a on a.id in (${ids[0]}::uuid, ${ids[1]}::uuid)
                          where c.id = ${owners.customer_id} order by a.id for no key update of c for update of a),
               volume as (select coalesce(sum(usd_value_cents), 0) as total from customer_daily_volumes
                          where customer_id = ${owners.customer_id} and day >= (now() at time zone 'utc')::date),
               volume_total as (${volumeByZero(owners.customer_id)}),
               rows as (insert into bench_skeleton (id, kind, payload)
                        select gen_random_uuid(), k, ${payload}::jsonb from unnest(array['quote','transaction','entry','entry','entry','event']) k),
               balances as (update internal_accounts set balance = balance + 0 where id in (select unnest(array[${ids[0]}::uuid, ${ids[1]}::uuid])))
          select (select count(*) from locked) as locked, (select total from volume) as volume`,
    );
    return { id: newUuid(), shape: input.shape, payload };
  }
  const platform = await one(db, sql`select id, name from platforms where id = ${platformId}`);
  const [src, dst] = [
    await one(
      db,
      sql`select a.id, a.status, c.id as customer_id, c.deleted_at from internal_accounts a join customers c on c.id = a.customer_id where a.id = ${source}`,
    ),
    await one(
      db,
      payout
        ? sql`select a.id, a.status, c.id as customer_id, c.deleted_at from external_accounts a join customers c on c.id = a.customer_id where a.id = ${destination}`
        : sql`select a.id, a.status, c.id as customer_id, c.deleted_at from internal_accounts a join customers c on c.id = a.customer_id where a.id = ${destination}`,
    ),
  ];
  if (!platform || !src || !dst) throw new ApiError("NOT_FOUND", "unknown account");
  const customerId = src.customer_id as string;
  const accounts = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The payment's two round trips in its transaction (lib/server/transactions/execute-transaction.ts): BEGIN with the locks
  // and the day's volume (and a payout's destination); then the posting, the quote, transaction and event rows, and
  // COMMIT.
  await db.transaction(async (tx) => {
    await Promise.all([
      execRows(
        tx,
        sql`select c.id from customers c join internal_accounts a on a.id in (${accounts})
            where c.id = ${customerId} order by a.id for no key update of c for update of a`,
      ),
      execRows(
        tx,
        sql`select (coalesce((select sum(usd_value_cents) from customer_daily_volumes
                              where customer_id = ${customerId} and day >= (now() at time zone 'utc')::date), 0)
                  - coalesce((select usd_value_cents from transactions where id = ${newUuid()}), 0))::text as total`,
      ),
      payout
        ? execRows(tx, sql`select status, account_type, account_info from external_accounts where id = ${destination}`)
        : undefined,
    ]);
    await Promise.all([
      execRows(
        tx,
        sql`with entries as (insert into bench_skeleton (id, kind, payload) values
                               (${newUuid()}, 'entry', ${payload}::jsonb), (${newUuid()}, 'entry', ${payload}::jsonb), (${newUuid()}, 'entry', ${payload}::jsonb))
            update internal_accounts set balance = balance + 0 where id in (${accounts})`,
      ),
      execRows(
        tx,
        sql`with volume_total as (${volumeByZero(customerId)})
            insert into bench_skeleton (id, kind, payload) values (${newUuid()}, 'quote', ${payload}::jsonb),
              (${newUuid()}, 'transaction', ${payload}::jsonb), (${newUuid()}, 'event', ${payload}::jsonb)`,
      ),
      commitWithLastWrites(tx),
    ]);
  });
  return { id: newUuid(), shape: input.shape, payload };
}

/** What the COMPLETE's trigger writes (the customer's running total for today: lib/server/money/limits.ts), by zero. */
function volumeByZero(customerId: unknown) {
  return sql`insert into customer_daily_volumes as v (customer_id, day, usd_value_cents)
             values (${customerId}, (now() at time zone 'utc')::date, 0)
             on conflict (customer_id, day) do update set usd_value_cents = v.usd_value_cents + excluded.usd_value_cents`;
}

async function one(db: DbOrTx, query: ReturnType<typeof sql>) {
  return (await execRows(db, query))[0] as Record<string, unknown> | undefined;
}
