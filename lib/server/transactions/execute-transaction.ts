import { eq, inArray, sql } from "drizzle-orm";
import { invalidInput } from "@/lib/server/core/validation";
import type { Tx } from "@/db/client";
import { preparedSqlInTransaction } from "@/db/prepared";
import { commitWithLastWrites } from "@/db/transaction-client";
import { customers, internalAccounts } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { formatId } from "@/lib/shared/ids";
import {
  assertPostingFits,
  internalLedgerAccount,
  postLedger,
  reverse,
  systemLedgerAccount,
  type Posting,
} from "@/lib/server/ledger/post-ledger";
import type { PlatformSettings } from "@/lib/server/core/platform-settings";
import { dailyVolumeError, dailyVolumeLimit, sentTodayUsdCents } from "@/lib/server/money/limits";
import { sandboxTransactionHash } from "./on-chain";
import { payoutOutcome, umaPayoutOutcome, type PayoutOutcome } from "./payout-outcome";
import type { FailureReason } from "./transaction.contract";
import type { TransactionOwner, TransactionRow } from "./transaction-view";
import type { TransitionChange } from "./status-table";
import { finishExecution, finishing } from "./transitions";
import { defined } from "@/lib/shared/invariant";

export interface ExecuteOptions {
  settings: PlatformSettings;
  sandbox: boolean;
  /**
   * "throw": answer the caller with an error and leave nothing behind (immediate execution: 400/429).
   * "fail": record the transaction as FAILED with a failure reason (deferred execution, e.g. approval).
   */
  onRefusal: "throw" | "fail";
  /**
   * The caller writes nothing after the execution: its COMMIT travels with the last writes (one round trip fewer
   * while the accounts are locked; db/transaction-client.ts commitWithLastWrites). The posting's checks are then made
   * before them, on the balances read under the locks.
   */
  commitWithLastWrites?: boolean;
}

type Refusal = { reason: FailureReason; error: ApiError };

/**
 * The one money engine (quotes, transfer-in/out, sandbox funding, approvals all end here). Runs
 * inside the caller's database transaction: locks the customer (daily volume) and the internal
 * accounts (balances), checks, posts the balanced ledger entries that move the balances, and ends the transaction
 * through the state machine (transitions.ts finishExecution: the final status, the quote's and the event in one
 * statement) — all committing together. `row` is PROCESSING: built by ENTRIES.EXECUTE and not written yet (the end
 * inserts it, with its final status), or moved there by TRANSITIONS.APPROVE/AUTHORIZE.
 */
export async function executeTransaction(tx: Tx, row: TransactionRow, opts: ExecuteOptions): Promise<TransactionRow> {
  let owner = platformOwner(row);
  const ids = [
    row.sourceKind === "INTERNAL" ? row.sourceAccountId : null,
    row.destinationKind === "INTERNAL" ? row.destinationAccountId : null,
  ]
    .filter((x): x is string => !!x)
    .sort();
  const countsVolume = !!row.customerId && row.direction === "OUTGOING" && row.kind !== "FUNDING";
  // ONE round trip for everything the execution reads: the statements below are started in this order and written in
  // one socket write (db/transaction-client.ts dispatches a transaction's statements in the order they start), and
  // PostgreSQL runs them in that order.
  // 1. The locks. NO KEY UPDATE on the customer: serialises this customer's executions (and a concurrent DELETE
  //    /customers/{id}) without conflicting with the KEY SHARE locks that inserting rows referencing the customer takes
  //    (FOR UPDATE would deadlock with them). The same statement reads the platformCustomerId the event's view shows,
  //    and locks the internal accounts (customer first, then the accounts in id order, as every execution does).
  // 2. The day's volume (the customer's running total for today, one row: lib/server/money/limits.ts): a statement of its
  //    own after the lock, never folded into it. Under READ COMMITTED each statement takes its snapshot when it
  //    starts, and PostgreSQL starts it only once the lock statement before it has finished, so this read counts a
  //    concurrent payment of this customer that committed while we waited for the lock; read in the locking statement
  //    (whose snapshot predates the wait), it would be missed. Pipelined, it still starts after the lock: what it
  //    saves is the round trip, not the order. The total is written by the COMPLETE or HOLD below (a trigger
  //    on transactions), under this customer lock: lock order customer → accounts → volume row on every path.
  // 3. The external destination, for the payout rail's answer (it needs no lock).
  const lockRead = row.customerId ? lockCustomerAndAccounts(tx, row.customerId, ids) : undefined;
  const volumeRead = countsVolume ? sentTodayUsdCents(tx, defined(row.customerId, "a customer"), row.id) : undefined;
  const payoutRead =
    row.destinationKind === "EXTERNAL"
      ? payoutOutcome(tx, {
          platformId: row.platformId,
          externalAccountId: defined(row.destinationAccountId, "an EXTERNAL destination's account"),
          sandbox: opts.sandbox,
        })
      : undefined;
  const [lockResult, used, externalOutcome] = await Promise.all([lockRead, volumeRead, payoutRead]);
  let locked: LockedAccount[] | undefined;
  if (row.customerId && lockResult) {
    const [c, accounts] = lockResult;
    locked = accounts;
    owner = { customerId: formatId("Customer", row.customerId), platformCustomerId: c?.platformCustomerId ?? "" };
    if (c?.deletedAt) {
      return refuse(tx, row, opts, owner, {
        reason: "QUOTE_EXECUTION_FAILED",
        error: notFound("USER_NOT_FOUND", "Customer", formatId("Customer", row.customerId)),
      });
    }
  }
  if (used !== undefined) {
    const limit = dailyVolumeLimit(opts.settings);
    if (used + row.usdValueCents > limit) {
      const refusal = { reason: "LIMIT_EXCEEDED" as const, error: dailyVolumeError(limit, used, row.usdValueCents) };
      return refuse(tx, row, opts, owner, refusal);
    }
  }

  // Lock in id order so two opposite transfers cannot deadlock.
  locked ??= ids.length
    ? await tx
        .select()
        .from(internalAccounts)
        .where(inArray(internalAccounts.id, ids))
        .orderBy(internalAccounts.id)
        .for("update")
    : [];
  const byId = new Map(locked.map((a) => [a.id, a]));

  if (row.sourceKind === "INTERNAL") {
    const src = byId.get(defined(row.sourceAccountId, "an INTERNAL source's account"));
    if (src?.status !== "ACTIVE") {
      return refuse(tx, row, opts, owner, {
        reason: "QUOTE_EXECUTION_FAILED",
        error: invalidInput([], `The source account is ${src?.status ?? "missing"}; expected ACTIVE`, {
          reason: "SOURCE_NOT_ACTIVE",
        }),
      });
    }
    if (src.balance < row.sendingAmount) {
      return refuse(tx, row, opts, owner, {
        reason: "QUOTE_EXECUTION_FAILED",
        error: new ApiError(
          "INSUFFICIENT_FUNDS",
          `The source account holds ${src.balance} ${src.currency}; the transfer needs ${row.sendingAmount}`,
          {
            balance: Number(src.balance),
            required: Number(row.sendingAmount),
            currency: src.currency,
          },
        ),
      });
    }
  }
  if (row.destinationKind === "INTERNAL") {
    const dst = byId.get(defined(row.destinationAccountId, "an INTERNAL destination's account"));
    if (dst?.status !== "ACTIVE") {
      // Never thrown: the destination's state is the rail's answer, recorded as the failure reason.
      return fail(tx, row, owner, "ACCOUNT_CANNOT_RECEIVE");
    }
  }
  let afterDebitFailure: FailureReason | null = null;
  let settled: Extract<PayoutOutcome, { ok: true }> = { ok: true };
  if (row.destinationKind === "EXTERNAL" || row.destinationKind === "UMA") {
    const outcome =
      externalOutcome ??
      (await umaPayoutOutcome(tx, {
        umaAddress: row.counterpartyUmaAddress ?? "",
        sandbox: opts.sandbox,
        transactionId: row.id,
      }));
    if (!outcome.ok && outcome.stage === "BEFORE_DEBIT") return fail(tx, row, owner, outcome.reason);
    if (!outcome.ok) afterDebitFailure = outcome.reason;
    else settled = outcome;
  }

  // ONE round trip for the writes: the posting (entries and balances) and the end of the execution (the row with its
  // final status, or its status; the quote; the event) are started together and pipelined; neither reads what the
  // other writes. A posting refused by its own
  // checks (postLedger) rejects, and the whole database transaction rolls back with whatever was written after it.
  const postings = buildPostings(row);
  const post = (p: Posting[]) => postLedger(tx, { platformId: row.platformId, transactionId: row.id, postings: p });
  if (afterDebitFailure) {
    // Spec Errors: QUOTE_EXECUTION_FAILED covers the whole path to settlement; a debited amount is refunded automatically.
    const refund = reverse(postings, `refund: ${afterDebitFailure}`);
    const [, , failed] = await Promise.all([post(postings), post(refund), fail(tx, row, owner, afterDebitFailure)]);
    return failed;
  }
  // The early COMMIT needs every internal account of the posting locked above, to check it before the last writes.
  const commitEarly = opts.commitWithLastWrites === true && ids.every((id) => byId.has(id));
  if (commitEarly) assertPostingFits(postings, byId);
  // Debited, held by the receiving side (an UMA receiver's compliance review): PENDING until it decides. Made ready
  // first (no round trip), so that the three below start in this order, the COMMIT last.
  const finish = settled.pendingReason
    ? await finishing(tx, "HOLD", row, owner, { pendingReason: settled.pendingReason })
    : await finishing(tx, "COMPLETE", row, owner, settlementHashes(row, settled, opts.sandbox));
  const [, done] = await Promise.all([post(postings), finish(), commitEarly ? commitWithLastWrites(tx) : undefined]);
  return done;
}

type LockedAccount = Pick<typeof internalAccounts.$inferSelect, "id" | "status" | "currency" | "balance">;

/**
 * One round trip: the customer's row (FOR NO KEY UPDATE) and the internal accounts `ids` (FOR UPDATE, in id order: the
 * lock rows come out of the sort). A customer row not found (never, while a transaction references it) leaves the
 * accounts to the caller's own lock (undefined).
 */
async function lockCustomerAndAccounts(
  tx: Tx,
  customerId: string,
  ids: string[],
): Promise<[{ deletedAt: unknown; platformCustomerId: string } | undefined, LockedAccount[] | undefined]> {
  const lockCustomer = async () =>
    (
      await tx
        .select({ deletedAt: customers.deletedAt, platformCustomerId: customers.platformCustomerId })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for("no key update")
        .execute()
    )[0]; // started by this call (the pipelined reads above rely on the order)
  if (ids.length === 0) return [await lockCustomer(), []];
  const params: Record<string, unknown> = { customerId };
  ids.forEach((id, i) => {
    params[`a${i}`] = id;
  });
  const rows = await lockStatement(ids.length)(tx).execute(params); // started by this call
  if (rows.length === 0) return [await lockCustomer(), undefined];
  const c = { deletedAt: rows[0].deleted_at, platformCustomerId: rows[0].platform_customer_id };
  return [c, rows.map((r) => ({ id: r.id, status: r.status, currency: r.currency, balance: BigInt(r.balance) }))];
}

type LockRow = {
  deleted_at: unknown;
  platform_customer_id: string;
  id: string;
  status: LockedAccount["status"];
  currency: string;
  balance: string;
};
const lockStatements = new Map<number, ReturnType<typeof preparedSqlInTransaction<LockRow>>>();

/** lockCustomerAndAccounts' statement for `accounts` internal accounts, built once (placeholders customerId, a0, a1 …). */
function lockStatement(accounts: number) {
  let statement = lockStatements.get(accounts);
  if (!statement) {
    statement = preparedSqlInTransaction<LockRow>(
      `lock_customer_and_${accounts}_accounts`,
      () =>
        sql`select c.deleted_at, c.platform_customer_id, a.id, a.status, a.currency, a.balance::text as balance
            from ${customers} c join ${internalAccounts} a on a.id in (${sql.join(
              Array.from({ length: accounts }, (_, i) => sql`${sql.placeholder(`a${i}`)}::uuid`),
              sql`, `,
            )})
            where c.id = ${sql.placeholder("customerId")}
            order by a.id
            for no key update of c for update of a`,
    );
    lockStatements.set(accounts, statement);
  }
  return statement;
}

/**
 * What a settled payout reports of the chain (spec Versioning): a wallet payout its `onChainTransaction`
 * (hash and network); an UMA payment the hash of its inter-VASP settlement leg, which stays in
 * `reconciliationInstructions.transactionHash`. Sandbox platforms get the sandbox chain's hashes; in
 * production the rail reports them when it settles (nothing is invented here).
 */
function settlementHashes(
  row: TransactionRow,
  settled: Extract<PayoutOutcome, { ok: true }>,
  sandbox: boolean,
): TransitionChange {
  if (!sandbox) return {};
  if (settled.network)
    return { onChainNetwork: settled.network, onChainTransactionHash: sandboxTransactionHash(settled.network, row.id) };
  if (settled.umaSettlement || row.sourceKind === "UMA")
    return { settlementTransactionHash: sandboxTransactionHash("SOLANA", row.id) };
  return {};
}

/** Debit the source, take the platform fee, convert through FX when the currencies differ, credit the destination. */
function buildPostings(row: TransactionRow): Posting[] {
  const p = row.platformId;
  const S = row.sendingCurrency;
  const R = row.receivingCurrency;
  const out: Posting[] = [];
  const src =
    row.sourceKind === "INTERNAL"
      ? internalLedgerAccount(defined(row.sourceAccountId, "an INTERNAL source's account"))
      : systemLedgerAccount(p, row.sourceKind === "SANDBOX" ? "SANDBOX" : "FUNDING", S);
  out.push({ account: src, currency: S, amount: -row.sendingAmount, memo: "debit source" });
  out.push({ account: systemLedgerAccount(p, "FEES", S), currency: S, amount: row.feesAmount, memo: "platform fee" });
  const net = row.sendingAmount - row.feesAmount;
  if (S !== R) {
    out.push({ account: systemLedgerAccount(p, "FX", S), currency: S, amount: net, memo: "fx in" });
    out.push({ account: systemLedgerAccount(p, "FX", R), currency: R, amount: -row.receivingAmount, memo: "fx out" });
  } else if (net !== row.receivingAmount) {
    throw new Error(`transaction ${row.id}: same-currency net ${net} differs from receiving ${row.receivingAmount}`);
  }
  const dst =
    row.destinationKind === "INTERNAL"
      ? internalLedgerAccount(defined(row.destinationAccountId, "an INTERNAL destination's account"))
      : systemLedgerAccount(p, "PAYOUTS", R);
  out.push({ account: dst, currency: R, amount: row.receivingAmount, memo: "credit destination" });
  return out;
}

async function refuse(
  tx: Tx,
  row: TransactionRow,
  opts: ExecuteOptions,
  owner: TransactionOwner,
  r: Refusal,
): Promise<TransactionRow> {
  if (opts.onRefusal === "throw") throw r.error;
  return fail(tx, row, owner, r.reason);
}

function fail(tx: Tx, row: TransactionRow, owner: TransactionOwner, reason: FailureReason): Promise<TransactionRow> {
  return finishExecution(tx, "FAIL", row, owner, { failureReason: reason });
}

/** The owner a transaction without a customer shows: the platform itself (transaction-view.ts). */
function platformOwner(row: TransactionRow): TransactionOwner {
  const platform = formatId("Platform", row.platformId);
  return { customerId: platform, platformCustomerId: platform };
}
