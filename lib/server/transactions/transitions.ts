import { and, eq, sql, type WithSubquery } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { columnPlaceholder, preparedInTransaction } from "@/db/prepared";
import { quotes, transactions } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import { defined } from "@/lib/shared/invariant";
import { releaseTransaction } from "@/lib/server/ledger/release-transaction";
import { assertAmountsBounded } from "@/lib/server/money/amount-bound";
import { emitEvent, eventInsertOnce, eventParams } from "@/lib/server/webhooks/emit-event";
import { refundOutcome } from "./payout-outcome";
import { bindInto, placeholders } from "./row-placeholders";
import {
  ENTRIES,
  type Entry,
  type EntryRule,
  INCOMING_FAILURE,
  LOST,
  TRANSITIONS,
  type TransitionChange,
  type TransitionName,
  type TransitionRule,
} from "./status-table";
import type { Transaction } from "./transaction.contract";
import { paymentEvent, refundEvents } from "./transaction-events";
import { toTransaction, transactionView, type TransactionOwner, type TransactionRow } from "./transaction-view";

/**
 * The one writer of a transaction's status and of its quote's status (test/contract/money-status-writer.test.ts keeps
 * it so). Every value written is one of Grid's (OutgoingTransactionStatus, TransactionPendingReason, QuoteStatus;
 * docs/protocol.md "Enumerations are Grid's"): the platform's approval of an agent's transaction lives in `approval`,
 * a rejection or cancel in `rejectionReason`, never in a status or pending reason of our own.
 *
 * A transaction is born by an ENTRY (an insert) and moves by a TRANSITION (a conditional UPDATE from the status the
 * table names, ./status-table.ts): of any number of concurrent writers, on any number of instances, exactly one wins, and the losers of
 * a transition named in LOST hear why (the current status), the others get null. Each committed status change
 * writes exactly one transaction event (`<OUTGOING|INCOMING>_PAYMENT.<status>`) through lib/server/webhooks/emit-event.ts,
 * in the same database transaction. PROCESSING is never committed on its own (an execution follows in the same
 * database transaction and ends in COMPLETED, PENDING or FAILED), so it writes no event; the daily volume's running
 * total relies on it too (it counts COMPLETED and debited PENDING, never PROCESSING: lib/server/money/limits.ts sentTodayUsdCents).
 */

export type NewTransaction = typeof transactions.$inferInsert;

/** Every amount a new transaction records is within 2^53 − 1 (Grid's amounts are JSON integers). */
function assertTransactionAmounts(values: Omit<NewTransaction, "status" | "approval">): void {
  assertAmountsBounded("amount", [
    values.sendingAmount,
    values.receivingAmount,
    values.feesAmount ?? 0n,
    values.platformFeesAmount ?? 0n,
    values.usdValueCents ?? 0n,
  ]);
}

/**
 * Birth of a transaction by `entry`: the insert, the quote's status in step (with `quoteSet`, e.g. the SCA
 * challenge) and, for a resting status, its event. `before`: data-modifying CTEs run by the same statement as the
 * insert (the hot path inserts the quote it executes that way: one round trip fewer).
 */
export async function enter(
  tx: Tx,
  entry: Entry,
  values: Omit<NewTransaction, "status" | "approval">,
  opts: { before?: WithSubquery[]; quoteSet?: Pick<typeof quotes.$inferInsert, "scaChallenge"> } = {},
): Promise<{ row: TransactionRow; quote?: typeof quotes.$inferSelect }> {
  const rule: EntryRule = ENTRIES[entry];
  assertTransactionAmounts(values);
  const full: NewTransaction = { ...values, status: rule.status, approval: rule.approval ?? null };
  const before = opts.before ?? [];
  const [row] = await (before.length ? tx.with(...before) : tx).insert(transactions).values(full).returning();
  let quote: typeof quotes.$inferSelect | undefined;
  if (rule.quote && row.quoteId) {
    [quote] = await tx
      .update(quotes)
      .set({ status: rule.quote, ...opts.quoteSet, updatedAt: row.updatedAt })
      .where(eq(quotes.id, row.quoteId))
      .returning();
  }
  if (rule.event) {
    await emitTransactionEvent(tx, row, await transactionView(tx, row));
  }
  return { row, quote };
}

/**
 * ENTRIES.EXECUTE on the hot path (a quote executed at once, or POST /quotes/{id}/execute): the row is built here whole,
 * every column and default written explicitly (the type asks for each one, so a new column cannot be forgotten), and
 * NOT written yet. Nobody outside this database transaction ever sees a PROCESSING row, so the row (with `quote`, the
 * quote it executes when that is not in the database yet) is inserted by the end of the execution (finishing), with its
 * final status, in the statement that writes its event: one write of each row instead of an insert and an UPDATE of
 * the row just inserted, which PostgreSQL pays twice (an UPDATE of a row inserted by the same transaction runs the
 * row's foreign-key checks again, and moves its quote and its indexes once more). An
 * execution refused with an error (onRefusal "throw") so writes nothing at all.
 */
export function enterExecuting(
  values: Omit<NewTransaction, "status" | "approval" | "createdAt" | "updatedAt">,
  opts: { quote?: typeof quotes.$inferSelect; now: Date },
): { row: TransactionRow } {
  const rule: EntryRule = ENTRIES.EXECUTE;
  assertTransactionAmounts(values);
  const row: TransactionRow = {
    id: defined(values.id, "a transaction's id"),
    platformId: values.platformId,
    customerId: values.customerId ?? null,
    agentId: values.agentId ?? null,
    quoteId: values.quoteId ?? null,
    kind: values.kind,
    direction: values.direction,
    status: rule.status,
    pendingReason: values.pendingReason ?? null,
    failureReason: values.failureReason ?? null,
    rejectionReason: values.rejectionReason ?? null,
    approval: null,
    sourceKind: values.sourceKind,
    sourceAccountId: values.sourceAccountId ?? null,
    destinationKind: values.destinationKind,
    destinationAccountId: values.destinationAccountId ?? null,
    sendingCurrency: values.sendingCurrency,
    sendingAmount: values.sendingAmount,
    receivingCurrency: values.receivingCurrency,
    receivingAmount: values.receivingAmount,
    exchangeRate: values.exchangeRate,
    feesAmount: values.feesAmount,
    platformFeesAmount: values.platformFeesAmount,
    usdValueCents: values.usdValueCents ?? 0n,
    description: values.description ?? null,
    counterpartyUmaAddress: values.counterpartyUmaAddress ?? null,
    onChainTransactionHash: values.onChainTransactionHash ?? null,
    onChainNetwork: values.onChainNetwork ?? null,
    settlementTransactionHash: values.settlementTransactionHash ?? null,
    idempotencyKey: values.idempotencyKey ?? null,
    requestDigest: values.requestDigest ?? null,
    settledAt: values.settledAt ?? null,
    receiptDeliveryConfirmedAt: values.receiptDeliveryConfirmedAt ?? null,
    createdAt: opts.now,
    updatedAt: opts.now,
  };
  unwritten.set(row, { quote: opts.quote ?? null });
  return { row };
}

/**
 * The rows enterExecuting built and left to finishing to insert (keyed by the row object of this request, not stored:
 * an execution refused with an error drops its row with the request).
 */
const unwritten = new WeakMap<TransactionRow, { quote: typeof quotes.$inferSelect | null }>();

const TRANSACTION_PREFIX = "t_";

const QUOTE_PREFIX = "q_";

/**
 * Move transaction `id` of `platformId` by `name`: one conditional UPDATE from the rule's status, then the quote in
 * step, the ledger released where the rule says, and the event. The loser hears its LOST error, or gets null.
 */
export async function transition(
  tx: Tx,
  name: TransitionName,
  target: { id: string; platformId: string },
  change: TransitionChange = {},
): Promise<TransactionRow | null> {
  const rule: TransitionRule = TRANSITIONS[name];
  const now = new Date();
  const where = [
    eq(transactions.id, target.id),
    eq(transactions.platformId, target.platformId),
    eq(transactions.status, rule.from),
  ];
  if (rule.fromApproval) where.push(eq(transactions.approval, rule.fromApproval));
  const [won] = await tx
    .update(transactions)
    .set({ ...statusValues(rule, change, now), ...approvalValue(rule) })
    .where(and(...where))
    .returning();
  if (!won) {
    const lost = LOST[name];
    if (!lost) return null;
    const [current] = await tx
      .select({ status: transactions.status })
      .from(transactions)
      .where(and(eq(transactions.id, target.id), eq(transactions.platformId, target.platformId)));
    throw lost(current?.status, formatId("Transaction", target.id));
  }
  if (rule.quote && won.quoteId) {
    await tx
      .update(quotes)
      .set({ status: rule.quote, ...(rule.clearScaChallenge ? { scaChallenge: null } : {}), updatedAt: now })
      .where(eq(quotes.id, won.quoteId));
  }
  if (rule.release) {
    await releaseTransaction(tx, {
      platformId: won.platformId,
      transactionId: won.id,
      memo: `cancel: ${won.rejectionReason}`,
    });
  }
  if (rule.event) {
    const data = await transactionView(tx, won);
    await emitTransactionEvent(tx, won, data);
    if (name === "FAIL") await emitRefundEvents(tx, won, data);
  }
  return won;
}

/**
 * The end of an execution (execute-transaction.ts, the hot money path): `row` is PROCESSING, either built by
 * ENTRIES.EXECUTE (enterExecuting) and not written yet, or written by this database transaction (moved there by APPROVE
 * or AUTHORIZE), so that this transaction holds its row lock and the rule's condition cannot fail. The row after the
 * change is known here, and so is its owner (read with the locks), so the transaction, its quote and its event are
 * written in ONE statement: the row inserted with its final status, or its conditional UPDATE; the quote inserted or
 * updated and the outbox insert (lib/server/webhooks/emit-event.ts eventInsertOnce) in data-modifying CTEs, all stamped with
 * the same updatedAt: one round trip while the account rows are locked. Whoever executes a quote derives the quote's
 * new state from the returned row (quoteStatusAfter, updatedAt) instead of reading it back.
 */
export async function finishExecution(
  tx: Tx,
  name: "COMPLETE" | "HOLD" | "FAIL",
  row: TransactionRow,
  owner: TransactionOwner,
  change: TransitionChange = {},
): Promise<TransactionRow> {
  const finish = await finishing(tx, name, row, owner, change);
  return finish();
}

/**
 * finishExecution in two steps, for a caller that pipelines it (execute-transaction.ts): the statement made ready
 * (no round trip), then started by the returned function's call, synchronously, so that it travels ahead of whatever
 * the caller starts after it (an early COMMIT).
 */
export async function finishing(
  tx: Tx,
  name: "COMPLETE" | "HOLD" | "FAIL",
  row: TransactionRow,
  owner: TransactionOwner,
  change: TransitionChange = {},
): Promise<() => Promise<TransactionRow>> {
  const rule: TransitionRule = TRANSITIONS[name];
  const now = new Date();
  const values = statusValues(rule, change, now, row.direction);
  // The row after the change, as the event shows it: this transaction holds the row's lock (or the row is not written
  // yet) and no trigger rewrites it (the daily-volume triggers run after the write and write another table), so the
  // statement answers only whether it matched (mapping the whole row back cost ≈ 0.05 ms of a payment).
  const after = { ...row, ...values } as TransactionRow;
  const data = toTransaction(after, owner);
  const withQuote = !!(rule.quote && row.quoteId);
  const params: Record<string, unknown> = eventParams(tx, paymentEvent(row.direction, rule.to), {
    platformId: row.platformId,
    data,
  });
  const entry = unwritten.get(row);
  let statement: ReturnType<ReturnType<typeof finishStatement>>;
  if (entry) {
    // Born here: inserted whole, with its quote when that is new too (its status and updatedAt those of the change).
    bindInto(params, transactions, TRANSACTION_PREFIX, after);
    const quote = entry.quote;
    if (quote)
      bindInto(params, quotes, QUOTE_PREFIX, withQuote ? { ...quote, status: rule.quote, updatedAt: now } : quote);
    else if (withQuote) Object.assign(params, { quoteId: row.quoteId, quoteStatus: rule.quote, quoteUpdatedAt: now });
    statement = finishStatement({ name, quote: quote ? "insert" : withQuote ? "update" : "none", insert: true })(tx);
  } else {
    if (withQuote) Object.assign(params, { quoteId: row.quoteId, quoteStatus: rule.quote, quoteUpdatedAt: now });
    Object.assign(params, values, { id: row.id, from: rule.from });
    const columns = Object.keys(values) as (keyof typeof values)[];
    statement = finishStatement({ name, quote: withQuote ? "update" : "none", insert: false, columns })(tx);
  }
  return async () => {
    const [matched] = await statement.execute(params); // started by this call, before its first await
    if (!matched)
      throw new Error(`transaction ${row.id}: ${name} from ${rule.from} found it changed under its own lock`);
    unwritten.delete(row);
    if (name === "FAIL") await emitRefundEvents(tx, after, data);
    return after;
  };
}

const finishStatements = new Map<
  string,
  (tx: Tx) => { execute: (v: Record<string, unknown>) => Promise<{ id: string }[]> }
>();

/**
 * finishExecution's statement for one shape, built once on placeholders named after its columns: the event's insert
 * and the quote's (insert or update) as CTEs of the transaction's insert (`t_…` and `q_…` placeholders, every column)
 * or of its conditional update (the columns the transition sets).
 */
function finishStatement(shape: {
  name: "COMPLETE" | "HOLD" | "FAIL";
  quote: "insert" | "update" | "none";
  insert: boolean;
  columns?: (keyof NewTransaction)[];
}) {
  const key = `${shape.name} ${shape.quote} ${shape.insert} ${shape.columns?.join(",") ?? ""}`;
  let statement = finishStatements.get(key);
  if (!statement) {
    // Named now, not when a driver builds it (each driver builds it once, when its first transaction asks for it).
    const name = `finish_execution_${finishStatements.size}`;
    statement = preparedInTransaction((db) => {
      const ctes: WithSubquery[] = [db.$with("status_event", {}).as(eventInsertOnce(db).getSQL())];
      if (shape.quote === "insert") {
        ctes.push(
          db.$with("quote_insert", {}).as(db.insert(quotes).values(placeholders(quotes, QUOTE_PREFIX)).getSQL()),
        );
      } else if (shape.quote === "update") {
        const quoteUpdate = db
          .update(quotes)
          .set({
            status: columnPlaceholder(quotes.status, "quoteStatus"),
            updatedAt: columnPlaceholder(quotes.updatedAt, "quoteUpdatedAt"),
          })
          .where(eq(quotes.id, sql.placeholder("quoteId")));
        ctes.push(db.$with("quote_status", {}).as(quoteUpdate.getSQL()));
      }
      if (shape.insert)
        return db
          .with(...ctes)
          .insert(transactions)
          .values(placeholders(transactions, TRANSACTION_PREFIX))
          .returning({ id: transactions.id })
          .prepare(name);
      const set = Object.fromEntries(
        (shape.columns ?? []).map((c) => [c, sql.placeholder(c)]),
      ) as Partial<NewTransaction>;
      return db
        .with(...ctes)
        .update(transactions)
        .set(set)
        .where(and(eq(transactions.id, sql.placeholder("id")), eq(transactions.status, sql.placeholder("from"))))
        .returning({ id: transactions.id })
        .prepare(name);
    });
    finishStatements.set(key, statement);
  }
  return statement;
}

function statusValues(
  rule: TransitionRule,
  change: TransitionChange,
  now: Date,
  direction: TransactionRow["direction"] = "OUTGOING",
) {
  const failure =
    change.failureReason && direction === "INCOMING" ? INCOMING_FAILURE[change.failureReason] : change.failureReason;
  return {
    status: rule.to,
    pendingReason: rule.to === "PENDING" ? (change.pendingReason ?? null) : null,
    ...(rule.to === "FAILED" ? { failureReason: failure ?? null } : {}),
    ...(change.rejectionReason !== undefined || rule.approval === "REJECTED" || rule.release
      ? { rejectionReason: change.rejectionReason ?? (rule.release ? "CANCELLED" : null) }
      : {}),
    ...(change.onChainNetwork ? { onChainNetwork: change.onChainNetwork } : {}),
    ...(change.onChainTransactionHash ? { onChainTransactionHash: change.onChainTransactionHash } : {}),
    ...(change.settlementTransactionHash ? { settlementTransactionHash: change.settlementTransactionHash } : {}),
    // A completed transaction settles at the instant it is marked so.
    ...(rule.to === "COMPLETED" ? { settledAt: now } : {}),
    updatedAt: now,
  };
}

function approvalValue(rule: TransitionRule) {
  if (rule.approval === "REJECTED_IF_PENDING")
    return {
      approval: sql<"REJECTED">`case when ${transactions.approval} = 'PENDING' then 'REJECTED' else ${transactions.approval} end`,
    };
  return rule.approval ? { approval: rule.approval } : {};
}

function emitTransactionEvent(tx: Tx, row: TransactionRow, data: Transaction) {
  return emitEvent(tx, paymentEvent(row.direction, row.status), { platformId: row.platformId, data });
}

/**
 * An incoming payment that cannot be credited goes back to its sender (spec Events: INCOMING_PAYMENT.REFUND_*).
 * The refund follows the rail rules of its destination (the source account): it fails when that account
 * cannot receive (sandbox: the same identifier suffixes as payouts, docs/protocol.md "Sandbox payouts").
 */
async function emitRefundEvents(tx: Tx, row: TransactionRow, data: Transaction): Promise<void> {
  if (row.direction === "INCOMING" && row.status === "FAILED" && row.kind === "TRANSFER_IN") {
    await emitEvent(tx, refundEvents.PENDING, { platformId: row.platformId, data });
    const refund =
      row.sourceKind === "EXTERNAL" && row.sourceAccountId
        ? await refundOutcome(tx, { platformId: row.platformId, sourceExternalAccountId: row.sourceAccountId })
        : ({ ok: true } as const);
    if (refund.ok) await emitEvent(tx, refundEvents.COMPLETED, { platformId: row.platformId, data });
    else
      await emitEvent(tx, refundEvents.FAILED, {
        platformId: row.platformId,
        data: { ...data, refundFailureReason: refund.reason },
      });
  }
}
