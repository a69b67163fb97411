import { and, type Column, eq, getTableColumns, sql, type WithSubquery } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { quotes, transactions } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api-core/errors";
import { formatId } from "@/lib/ids";
import { defined } from "@/lib/invariant";
import { releaseTransaction } from "@/lib/ledger/release-transaction";
import { assertAmountsBounded } from "@/lib/money/amount-bound";
import { retryOnConflict } from "@/lib/money/retry-conflicts";
import { emitEvent, eventInsertOnce, eventParams } from "@/lib/webhooks/emit-event";
import { preparedInTransaction } from "@/db/prepared";
import { refundOutcome } from "./payout-outcome";
import type { FailureReason, IncomingFailureReason, PendingReason } from "./transaction.contract";
import { paymentEvent, refundEvents } from "./transaction-events";
import type { Transaction } from "./transaction.contract";
import { toTransaction, transactionView, type TransactionOwner, type TransactionRow } from "./transaction-view";

/**
 * The one writer of a transaction's status and of its quote's status (test/unit/money-status-writer.test.ts keeps
 * it so). Every value written is one of Grid's (OutgoingTransactionStatus, TransactionPendingReason, QuoteStatus;
 * docs/protocol.md "Enumerations are Grid's"): the platform's approval of an agent's transaction lives in `approval`,
 * a rejection or cancel in `rejectionReason`, never in a status or pending reason of our own.
 *
 * A transaction is born by an ENTRY (an insert) and moves by a TRANSITION (a conditional UPDATE from the status the
 * table names): of any number of concurrent writers, on any number of instances, exactly one wins, and the losers of
 * a transition named in LOST hear why (the current status), the others get null. Each committed status change
 * writes exactly one transaction event (`<OUTGOING|INCOMING>_PAYMENT.<status>`) through lib/webhooks/emit-event.ts,
 * in the same database transaction. PROCESSING is never committed on its own (an execution follows in the same
 * database transaction and ends in COMPLETED, PENDING or FAILED), so it writes no event; the daily volume's running
 * total relies on it too (it counts COMPLETED and debited PENDING, never PROCESSING: lib/money/limits.ts sentTodayUsdCents).
 */

type Status = TransactionRow["status"];
type QuoteStatus = (typeof quotes.$inferSelect)["status"];
export type NewTransaction = typeof transactions.$inferInsert;

interface EntryRule {
  status: Status;
  /** The platform's approval asked for (agent policy APPROVAL_REQUIRED). */
  approval?: "PENDING";
  /** The quote's status in step; null leaves it as it is. */
  quote: QuoteStatus | null;
  event: boolean;
}

/** How a transaction is born. */
export const ENTRIES = {
  /** Executes in the same database transaction (execute-transaction.ts ends it). */
  EXECUTE: { status: "PROCESSING", quote: null, event: false },
  /** An agent's transaction waiting for the platform (spec Agent Operations); its quote is spent. */
  AWAIT_APPROVAL: { status: "PENDING", approval: "PENDING", quote: "PROCESSING", event: true },
  /** Held for the customer's SCA (hold-for-sca.ts); the quote carries the challenge. */
  AWAIT_SCA: { status: "PENDING_AUTHORIZATION", quote: "PENDING_AUTHORIZATION", event: true },
  /** Incoming money the sender's side holds (sandbox: a pending.long UMA sender); pendingReason says why. */
  HELD: { status: "PENDING", quote: null, event: true },
  /** Incoming money the sender's side refused (sandbox: a fail.compliance UMA sender); failureReason says why. */
  REFUSED: { status: "FAILED", quote: null, event: true },
} as const satisfies Record<string, EntryRule>;
export type Entry = keyof typeof ENTRIES;

interface TransitionRule {
  from: Status;
  /** The transition also requires the platform's approval to be pending. */
  fromApproval?: "PENDING";
  to: Status;
  /** What `approval` becomes: a decision, or (CANCEL) REJECTED when it was pending and unchanged otherwise. */
  approval?: "APPROVED" | "REJECTED" | "REJECTED_IF_PENDING";
  quote: QuoteStatus | null;
  /** The quote's SCA challenge is done with. */
  clearScaChallenge?: boolean;
  event: boolean;
  /** Give back whatever the transaction holds on the ledger (lib/ledger/release-transaction.ts). */
  release?: boolean;
}

const notPendingApproval = (status: Status | undefined, id: string) =>
  status === undefined
    ? notFound("TRANSACTION_NOT_FOUND", "Transaction", id)
    : new ApiError(
        "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
        `The transaction is ${status}; only a transaction pending platform approval can be approved or rejected`,
        { status },
      );

const notCancellable = (status: Status | undefined, id: string) =>
  status === undefined
    ? notFound("TRANSACTION_NOT_FOUND", "Transaction", id)
    : new ApiError(
        "TRANSACTION_NOT_CANCELLABLE",
        `The transaction is ${status}; only a bank transfer that has not settled (PENDING) can be cancelled`,
        { status },
      );

/** How a transaction moves. Anything not in this table cannot happen. */
export const TRANSITIONS = {
  /** The customer answered the quote's SCA challenge (POST /quotes/{id}/authorize): it executes now. */
  AUTHORIZE: {
    from: "PENDING_AUTHORIZATION",
    to: "PROCESSING",
    quote: "PROCESSING",
    clearScaChallenge: true,
    event: false,
  },
  /** The SCA challenge expired unanswered: no money moved (failureReason SCA_NOT_COMPLETED). */
  EXPIRE_SCA: { from: "PENDING_AUTHORIZATION", to: "FAILED", quote: "FAILED", clearScaChallenge: true, event: true },
  /** POST /transactions/{id}/approve or the agent action's approve: it executes now. */
  APPROVE: {
    from: "PENDING",
    fromApproval: "PENDING",
    to: "PROCESSING",
    approval: "APPROVED",
    quote: "PROCESSING",
    event: false,
  },
  /** POST /transactions/{id}/reject or the agent action's reject: FAILED with rejectionReason, no money moved. */
  REJECT: {
    from: "PENDING",
    fromApproval: "PENDING",
    to: "FAILED",
    approval: "REJECTED",
    quote: "FAILED",
    event: true,
  },
  /** POST /transactions/{id}/cancel of a pending bank transfer: FAILED with rejectionReason, the ledger released. */
  CANCEL: {
    from: "PENDING",
    to: "FAILED",
    approval: "REJECTED_IF_PENDING",
    quote: "FAILED",
    event: true,
    release: true,
  },
  /** The execution settled. */
  COMPLETE: { from: "PROCESSING", to: "COMPLETED", quote: "COMPLETED", event: true },
  /** Debited, held by the receiving side (pendingReason COMPLIANCE_REVIEW). */
  HOLD: { from: "PROCESSING", to: "PENDING", quote: "PROCESSING", event: true },
  /** The execution failed (failureReason); an incoming transfer that cannot be credited is refunded to its sender. */
  FAIL: { from: "PROCESSING", to: "FAILED", quote: "FAILED", event: true },
} as const satisfies Record<string, TransitionRule>;
export type TransitionName = keyof typeof TRANSITIONS;

/**
 * What a caller that lost the race of a transition hears (a column of the table, kept apart so that the paths that
 * never lose, the execution's, do not reach these errors); a transition not named here returns null to its caller.
 */
const LOST: Partial<Record<TransitionName, (status: Status | undefined, id: string) => ApiError>> = {
  APPROVE: notPendingApproval,
  REJECT: notPendingApproval,
  CANCEL: notCancellable,
};

/**
 * An incoming transfer fails with Grid's IncomingTransactionFailureReason, never an outgoing one: money that arrived
 * and could not be credited is a failed collection (COLLECTION_FAILED: "did not credit", returned to its sender).
 */
export const INCOMING_FAILURE: Record<FailureReason, IncomingFailureReason> = {
  QUOTE_EXECUTION_FAILED: "QUOTE_EXECUTION_FAILED",
  COMPLIANCE_REJECTED: "COMPLIANCE_REJECTED",
  ACCOUNT_CANNOT_RECEIVE: "COLLECTION_FAILED",
  ACCOUNT_INVALID: "COLLECTION_FAILED",
  PAYOUT_RETURNED: "COLLECTION_FAILED",
  LIMIT_EXCEEDED: "COLLECTION_FAILED",
  SCA_NOT_COMPLETED: "COLLECTION_FAILED",
};

/** What a transition writes besides the status (the rest of Grid's fields that go with it). */
export interface TransitionChange {
  pendingReason?: PendingReason;
  /** An outgoing reason; on an INCOMING transaction the state machine writes INCOMING_FAILURE of it. */
  failureReason?: FailureReason;
  /** REJECT: the platform's reason (or none); CANCEL: its reason, else CANCELLED. */
  rejectionReason?: string;
  onChainNetwork?: string;
  onChainTransactionHash?: string;
  settlementTransactionHash?: string;
}

/**
 * The database transaction every money status change runs in: a deadlock victim or serialization failure runs
 * again whole (lib/money/retry-conflicts.ts), the same way on every path, so the client gets the answer, not a 500.
 */
export async function moneyTransaction<T>(run: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return retryOnConflict(() => db.transaction(run));
}

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

type RowTable = typeof quotes | typeof transactions;
/** A column of a row bound per call: its key in the row, its placeholder's name, the column (its encoder). */
type Binding = { key: string; name: string; column: Column };
const bindingsOf = new Map<RowTable, Binding[]>();
/** The bindings of `table`'s columns, placeholders named `prefix` + the column's key (one prefix per table). */
function bindings(table: RowTable, prefix: string): Binding[] {
  let out = bindingsOf.get(table);
  if (!out) {
    out = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: prefix + key, column }));
    bindingsOf.set(table, out);
  }
  return out;
}
const TRANSACTION_PREFIX = "t_";
const QUOTE_PREFIX = "q_";

/**
 * A whole row of `table` as placeholders, `prefix` + the column's key, for a statement built once. Raw placeholders, not
 * bound to their columns: drizzle would run a column's encoder on a null too when it fills one in (a null timestamp
 * throws, a null jsonb becomes JSON null), so bindInto() encodes the values itself, as the query builder does.
 */
function placeholders<T extends RowTable>(table: T, prefix: string): T["$inferInsert"] {
  const row = bindings(table, prefix).map((b) => [b.key, sql`${sql.placeholder(b.name)}`]);
  return Object.fromEntries(row) as unknown as T["$inferInsert"];
}

/**
 * The values of placeholders(table, prefix) for `row`, written into `params`: every column, encoded for the driver (an
 * absent one null). One loop over the columns: building and spreading an object per table took ≈ 0.3 ms of a payment.
 */
function bindInto(params: Record<string, unknown>, table: RowTable, prefix: string, row: object): void {
  const values = row as Record<string, unknown>;
  for (const b of bindings(table, prefix)) {
    const v = values[b.key];
    params[b.name] = v === undefined || v === null ? null : b.column.mapToDriverValue(v);
  }
}

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
 * updated and the outbox insert (lib/webhooks/emit-event.ts eventInsertOnce) in data-modifying CTEs, all stamped with
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
            status: sql.placeholder("quoteStatus") as unknown as QuoteStatus,
            updatedAt: sql.placeholder("quoteUpdatedAt") as unknown as Date,
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

/** The quote's status after its transaction's execution ended in `status` (the table's, for callers that do not read it back). */
export function quoteStatusAfter(status: Status): QuoteStatus {
  const rule = Object.values(TRANSITIONS).find((r) => r.from === "PROCESSING" && r.to === status);
  return rule?.quote ?? "PROCESSING";
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
