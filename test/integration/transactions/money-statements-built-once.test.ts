/**
 * The statements a payment builds once and binds per call write what the query builder writes for the same values
 * (lib/server/ledger/post-ledger.ts and lib/server/transactions/transitions.ts say why they are built once): the quote and transaction insert at the end of an
 * execution (lib/server/transactions/transitions.ts enterExecuting then finishing, its placeholders encoded by bindInto), the
 * ledger posting (lib/server/ledger/post-ledger.ts postLedger) and the end of an execution of a row written before it
 * (finishing's UPDATE); both answer the row after the change without reading it back.
 * Each side runs in a transaction of its own that is rolled back, so both write the same ids; the rows are compared
 * whole, as PostgreSQL's `to_jsonb` shows them (timestamps to the microsecond), and SQL NULL apart from a JSON null.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closeDb, execRows, getDb, type Tx } from "@/db/client";
import { internalAccounts, ledgerEntries, quotes, transactions } from "@/db/schema";
import { formatId, newUuid, parseId } from "@/lib/shared/ids";
import { internalLedgerAccount, type Posting, postLedger, systemLedgerAccount } from "@/lib/server/ledger/post-ledger";
import { transactionFromQuote } from "@/lib/server/transactions/transaction-from-quote";
import { enter, enterExecuting, finishExecution } from "@/lib/server/transactions/transitions";
import type { TransactionRow } from "@/lib/server/transactions/transaction-view";
import { newPlatform, type TestPlatform } from "../../support/api";
import { fund, moneyCustomer } from "../../support/money";

type QuoteRow = typeof quotes.$inferSelect;

let p: TestPlatform;
let platformId: string;
let customerId: string;
let source: string;
let destination: string;

beforeAll(async () => {
  p = await newPlatform();
  process.env.DATABASE_URL = inject("databaseUrl");
  platformId = parseId("Platform", p.id) ?? "";
  const a = await moneyCustomer(p, ["USD"]);
  const b = await moneyCustomer(p, ["USD"]);
  await fund(p, a.accounts.USD, 10_000);
  customerId = parseId("Customer", a.customer.id) ?? "";
  source = parseId("InternalAccount", a.accounts.USD) ?? "";
  destination = parseId("InternalAccount", b.accounts.USD) ?? "";
});

afterAll(async () => {
  await closeDb();
});

const ROLLBACK = new Error("rolled back on purpose");

/** `run`'s answer, in a database transaction rolled back afterwards (nothing it wrote stays). */
async function rolledBack<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  let out: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      out = { value: await run(tx) };
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
  if (!out) throw new Error("the transaction did not run");
  return out.value;
}

/** A row as PostgreSQL shows it (`to_jsonb`; it shows a SQL NULL column and a JSON null alike: those are checked apart). */
async function rowOf(tx: Tx, table: "quotes" | "transactions", id: string): Promise<Record<string, unknown>> {
  const [r] = await execRows<{ row: Record<string, unknown> }>(
    tx,
    sql`select to_jsonb(x) as row from ${sql.identifier(table)} x where x.id = ${id}`,
  );
  return r.row;
}

/** A quote as POST /quotes builds it; `full`: every optional column set (jsonb with a nested JSON null included). */
function quote(full: boolean): QuoteRow {
  const now = new Date(Date.now() - 1234);
  return {
    id: newUuid(),
    platformId,
    customerId,
    agentId: null,
    status: "PENDING",
    sourceKind: "INTERNAL",
    sourceAccountId: source,
    sourceType: "ACCOUNT",
    destinationKind: "INTERNAL",
    destinationAccountId: destination,
    counterpartyUmaAddress: full ? "$receiver@vasp.example" : null,
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 300n,
    sendingCurrency: "USD",
    receivingCurrency: "USD",
    totalSendingAmount: 300n,
    totalReceivingAmount: 300n,
    exchangeRate: "1",
    feesIncluded: 0n,
    platformFeesIncluded: 0n,
    usdValueCents: 300n,
    transactionId: newUuid(),
    description: full ? "rent, with 'quotes' and \"doubles\"" : null,
    paymentRail: full ? "ACH" : null,
    remittanceInformation: full ? "invoice 42" : null,
    purposeOfPayment: full ? "GOODS_OR_SERVICES" : null,
    senderCustomerInfo: full ? { FULL_NAME: "Ada", extra: { list: [1, null, "x"], none: null } } : null,
    counterpartyInformation: full ? { FULL_NAME: "Bob Example" } : null,
    scaFactor: full ? "SMS_OTP" : null,
    scaChallenge: full ? { factor: "SMS_OTP", expiresAt: now.toISOString() } : null,
    idempotencyKey: full ? `key-${newUuid()}` : null,
    requestDigest: full ? "digest" : null,
    expiresAt: new Date(now.getTime() + 60_000),
    createdAt: now,
    updatedAt: now,
  };
}

/** The transaction's values as an execution passes them; `full`: the optional columns a transaction may carry set too. */
function transactionValues(q: QuoteRow, full: boolean) {
  const values = transactionFromQuote(q);
  if (!full) return values;
  return {
    ...values,
    pendingReason: "COMPLIANCE_REVIEW",
    failureReason: "ACCOUNT_INVALID",
    rejectionReason: "why not",
    onChainTransactionHash: "0xabc",
    onChainNetwork: "SOLANA",
    settlementTransactionHash: "0xdef",
    idempotencyKey: q.idempotencyKey,
    requestDigest: q.requestDigest,
    settledAt: new Date(q.createdAt.getTime() + 5),
    receiptDeliveryConfirmedAt: new Date(q.createdAt.getTime() + 7),
  };
}

describe("statements built once write what the query builder writes", () => {
  for (const full of [false, true]) {
    it(`the quote and transaction insert at the end of an execution (${full ? "every optional column set" : "optional columns null"})`, async () => {
      const q = quote(full);
      const values = transactionValues(q, full);
      const now = new Date(q.createdAt.getTime() + 1);
      const owner = { customerId: formatId("Customer", customerId), platformCustomerId: "pc-1" };
      const once = await rolledBack(async (tx) => {
        const { row } = enterExecuting(values, { quote: q, now });
        // Nothing is written before the end of the execution (it inserts both rows with their final status).
        const [before] = await execRows<{ n: number }>(
          tx,
          sql`select (select count(*) from quotes where id = ${q.id}) + (select count(*) from transactions where id = ${row.id}) as n`,
        );
        const done = await finishExecution(tx, "COMPLETE", row, owner);
        return {
          before: Number(before.n),
          done,
          quote: await rowOf(tx, "quotes", q.id),
          transaction: await rowOf(tx, "transactions", row.id),
        };
      });
      expect(once.before).toBe(0);
      // The query builder's statements for the same rows.
      const built = await rolledBack(async (tx) => {
        await tx.insert(quotes).values({ ...q, status: "COMPLETED", updatedAt: once.done.updatedAt });
        await tx.insert(transactions).values(once.done);
        return { quote: await rowOf(tx, "quotes", q.id), transaction: await rowOf(tx, "transactions", once.done.id) };
      });
      expect(once.quote).toEqual(built.quote);
      expect(once.transaction).toEqual(built.transaction);
      expect(once.transaction.status).toBe("COMPLETED");
      // SQL NULL where a value is absent, not JSON null.
      expect(once.quote.sender_customer_info).toEqual(full ? q.senderCustomerInfo : null);
      const [nulls] = await rolledBack(async (tx) => {
        await finishExecution(tx, "COMPLETE", enterExecuting(values, { quote: q, now }).row, owner);
        return execRows<{ info: boolean; challenge: boolean }>(
          tx,
          sql`select sender_customer_info is null as info, sca_challenge is null as challenge from quotes where id = ${q.id}`,
        );
      });
      expect(nulls).toEqual({ info: !full, challenge: !full });
    });
  }

  for (const name of ["COMPLETE", "HOLD", "FAIL"] as const) {
    for (const born of ["at the end", "before (APPROVE, AUTHORIZE)"] as const) {
      it(`the end of an execution (${name}, the row written ${born}) answers the row as written, without reading it back`, async () => {
        const q = quote(true);
        const owner = { customerId: formatId("Customer", customerId), platformCustomerId: "pc-1" };
        const change =
          name === "COMPLETE"
            ? { settlementTransactionHash: "0x123" }
            : name === "HOLD"
              ? { pendingReason: "COMPLIANCE_REVIEW" as const }
              : { failureReason: "ACCOUNT_CANNOT_RECEIVE" as const };
        const { done, stored, quoteStatus } = await rolledBack(async (tx) => {
          let row: TransactionRow;
          if (born === "at the end") row = enterExecuting(transactionFromQuote(q), { quote: q, now: new Date() }).row;
          else {
            // A PROCESSING row already in the database (the query builder's ENTRIES.EXECUTE): the end updates it.
            await tx.insert(quotes).values(q);
            row = (await enter(tx, "EXECUTE", transactionFromQuote(q))).row;
          }
          const done = await finishExecution(tx, name, row, owner, change);
          const [stored] = await tx.select().from(transactions).where(eq(transactions.id, row.id));
          const [qr] = await tx.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, q.id));
          return { done, stored, quoteStatus: qr.status };
        });
        expect(done).toEqual(stored);
        expect(quoteStatus).toBe({ COMPLETE: "COMPLETED", HOLD: "PROCESSING", FAIL: "FAILED" }[name]);
      });
    }
  }

  it("the ledger posting: entries and balances, with and without an internal account moved", async () => {
    const transactionId = newUuid();
    const postings = (memo: string): Posting[] => [
      { account: internalLedgerAccount(source), currency: "USD", amount: -300n, memo: `${memo} debit` },
      { account: systemLedgerAccount(platformId, "FEES", "USD"), currency: "USD", amount: 0n, memo: "no fee" },
      { account: systemLedgerAccount(platformId, "FEES", "USD"), currency: "USD", amount: 20n, memo: `${memo} fee` },
      { account: internalLedgerAccount(destination), currency: "USD", amount: 280n, memo: `${memo} credit` },
    ];
    const systemOnly: Posting[] = [
      { account: systemLedgerAccount(platformId, "FUNDING", "USD"), currency: "USD", amount: -50n, memo: "in" },
      { account: systemLedgerAccount(platformId, "PAYOUTS", "USD"), currency: "USD", amount: 50n, memo: "out" },
    ];
    const read = async (tx: Tx) => ({
      entries: await execRows(
        tx,
        sql`select platform_id, transaction_id, account, currency, amount::text as amount, memo
            from ledger_entries where transaction_id = ${transactionId} order by account, memo`,
      ),
      balances: await execRows(
        tx,
        sql`select id, currency, balance::text as balance from internal_accounts
            where id in (${source}::uuid, ${destination}::uuid) order by id`,
      ),
    });
    const once = await rolledBack(async (tx) => {
      await postLedger(tx, { platformId, transactionId, postings: postings("pay") });
      await postLedger(tx, { platformId, transactionId, postings: systemOnly });
      return read(tx);
    });
    const built = await rolledBack(async (tx) => {
      for (const set of [postings("pay"), systemOnly]) {
        const nonZero = set.filter((x) => x.amount !== 0n);
        await tx.insert(ledgerEntries).values(nonZero.map((x) => ({ id: newUuid(), platformId, transactionId, ...x })));
        for (const x of nonZero.filter((e) => e.account.startsWith("ia:")))
          await tx
            .update(internalAccounts)
            .set({ balance: sql`${internalAccounts.balance} + ${x.amount}`, updatedAt: new Date() })
            .where(and(eq(internalAccounts.id, x.account.slice(3)), eq(internalAccounts.currency, x.currency)));
      }
      return read(tx);
    });
    expect(once).toEqual(built);
    expect(once.entries).toHaveLength(5);
  });
});
