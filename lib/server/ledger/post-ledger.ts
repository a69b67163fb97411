import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { columnPlaceholder, preparedInTransaction } from "@/db/prepared";
import { internalAccounts, ledgerEntries } from "@/db/schema";
import { newUuid } from "@/lib/shared/ids";
import { assertAmountsBounded } from "@/lib/server/money/amount-bound";

export interface Posting {
  account: string;
  currency: string;
  amount: bigint;
  memo: string;
}

/** Ledger account of an internal account; its balance column mirrors the sum of its entries. */
export const internalLedgerAccount = (uuid: string) => `ia:${uuid}`;
/**
 * A system account of the platform: FUNDING (money from outside), PAYOUTS (money to outside), FX, FEES, SANDBOX;
 * for cards CARD_HOLDS (authorized, not yet cleared), CARD_NETWORK (settled with the card network) and
 * CARD_LOSSES (what the network was paid but the funding source could not cover: EXCEPTION); for stablecoins
 * STABLECOIN_ISSUED (per token: minus the supply), STABLECOIN_RESERVE (fiat backing the supply) and
 * STABLECOIN_PENDING (taken from an internal account for an operation not yet settled).
 */
export type SystemLedgerName =
  | "FUNDING"
  | "PAYOUTS"
  | "FX"
  | "FEES"
  | "SANDBOX"
  | "CARD_HOLDS"
  | "CARD_NETWORK"
  | "CARD_LOSSES"
  | "STABLECOIN_ISSUED"
  | "STABLECOIN_RESERVE"
  | "STABLECOIN_PENDING";
export const systemLedgerAccount = (platformId: string, name: SystemLedgerName, currency: string) =>
  `sys:${platformId}:${name}:${currency}`;

/**
 * Post one balanced set of entries inside the caller's transaction, and move the balances of the
 * internal accounts it touches in the same transaction. Refuses an unbalanced posting (per currency)
 * and a posting that would take an internal account below zero or past 2^53 − 1.
 */
export async function postLedger(
  tx: Tx,
  input: { platformId: string; transactionId: string; postings: Posting[] },
): Promise<void> {
  const postings = input.postings.filter((p) => p.amount !== 0n);
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0n)
      throw new Error(`ledger: posting for ${input.transactionId} does not balance in ${currency} (sum ${sum})`);
  }
  if (postings.length === 0) return;
  const moves = [...internalMoves(postings).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const params: Record<string, unknown> = { now: new Date() };
  postings.forEach((p, i) => {
    const n = placeholderNames(i);
    params[n.entryId] = newUuid();
    params[n.entryPlatformId] = input.platformId;
    params[n.entryTransactionId] = input.transactionId;
    params[n.entryAccount] = p.account;
    params[n.entryCurrency] = p.currency;
    params[n.entryAmount] = p.amount;
    params[n.entryMemo] = p.memo;
  });
  moves.forEach((m, i) => {
    const n = placeholderNames(i);
    params[n.moveId] = m.id;
    params[n.moveCurrency] = m.currency;
    params[n.moveDelta] = m.delta.toString();
  });
  // Built once per shape (entries, balances moved), bound per call: building it per call took ≈ 0.5 ms of a payment's
  // CPU (a CPU profile of bench:money-path). Started by this call, before its first await: a caller may
  // pipeline it (execute-transaction.ts).
  if (moves.length === 0) {
    await entriesStatement(postings.length)(tx).execute(params);
    return;
  }
  const rows = await postingStatement(postings.length, moves.length)(tx).execute(params);
  const balances = new Map(rows.map((r) => [`${r.id}\u0000${r.currency}`, BigInt(r.balance)]));
  // Thrown inside the caller's transaction: the posting and everything with it roll back.
  for (const m of moves) checkResultingBalance(m, balances.get(`${m.id}\u0000${m.currency}`));
}

/** The placeholder names of the i-th entry and the i-th balance moved, made once. */
const names: ReturnType<typeof makeNames>[] = [];
const makeNames = (i: number) => ({
  entryId: `e${i}Id`,
  entryPlatformId: `e${i}PlatformId`,
  entryTransactionId: `e${i}TransactionId`,
  entryAccount: `e${i}Account`,
  entryCurrency: `e${i}Currency`,
  entryAmount: `e${i}Amount`,
  entryMemo: `e${i}Memo`,
  moveId: `m${i}Id`,
  moveCurrency: `m${i}Currency`,
  moveDelta: `m${i}Delta`,
});
function placeholderNames(i: number) {
  names[i] ??= makeNames(i);
  return names[i];
}

type PostingStatement = {
  execute: (v: Record<string, unknown>) => Promise<{ id: string; currency: string; balance: string }[]>;
};
const postingStatements = new Map<string, (tx: Tx) => PostingStatement>();

/** The INSERT of a posting's `entries` ledger rows, on the placeholders of placeholderNames. */
function entriesInsert(db: Db, entries: number) {
  const p = (name: string) => sql.placeholder(name);
  return db.insert(ledgerEntries).values(
    Array.from({ length: entries }, (_, i) => {
      const n = placeholderNames(i);
      return {
        id: p(n.entryId),
        platformId: p(n.entryPlatformId),
        transactionId: p(n.entryTransactionId),
        account: p(n.entryAccount),
        currency: p(n.entryCurrency),
        amount: p(n.entryAmount),
        memo: p(n.entryMemo),
      };
    }),
  );
}

const entriesStatements = new Map<number, (tx: Tx) => { execute: (v: Record<string, unknown>) => Promise<unknown> }>();

/** A posting that moves no balance: its entries' INSERT alone, built once per number of entries. */
function entriesStatement(entries: number) {
  let statement = entriesStatements.get(entries);
  if (!statement) {
    statement = preparedInTransaction((db) => entriesInsert(db, entries).prepare(`post_ledger_${entries}`));
    entriesStatements.set(entries, statement);
  }
  return statement;
}

/**
 * postLedger's statement for `entries` entries moving `moves` internal balances, built once on placeholders. The
 * shapes are the code's posting builders' (a payment's 2 to 5 entries, a card leg's, a refund's), as bounded as the
 * statements postgres.js keeps prepared per connection (db/transaction-client.ts).
 *
 * One round trip for the entries and every balance they move (held row locks are the hot account's bottleneck): the
 * entries insert in a data-modifying CTE, the balances move in one UPDATE … FROM (VALUES …). The join on the currency
 * as well as the id is the per-account currency check: an account in another currency is not updated, so it is
 * missing from RETURNING and refused by postLedger, which rolls the whole posting back (no balance moved:
 * entriesStatement).
 */
function postingStatement(entries: number, moves: number) {
  const key = `${entries} ${moves}`;
  let statement = postingStatements.get(key);
  if (!statement) {
    statement = preparedInTransaction((db) => {
      const insert = entriesInsert(db, entries);
      const values = sql.join(
        Array.from(
          { length: moves },
          (_, i) =>
            sql`(${sql.placeholder(placeholderNames(i).moveId)}::uuid, ${sql.placeholder(placeholderNames(i).moveCurrency)}::text, ${sql.placeholder(placeholderNames(i).moveDelta)}::bigint)`,
        ),
        sql`, `,
      );
      return db
        .with(db.$with("entries", {}).as(insert.getSQL()))
        .update(internalAccounts)
        .set({
          balance: sql`${internalAccounts.balance} + v.delta`,
          updatedAt: columnPlaceholder(internalAccounts.updatedAt, "now"),
        })
        .from(sql`(values ${values}) as v(id, currency, delta)`)
        .where(sql`${internalAccounts.id} = v.id and ${internalAccounts.currency} = v.currency`)
        .returning({
          id: internalAccounts.id,
          currency: sql<string>`v.currency`,
          balance: sql<string>`${internalAccounts.balance}::text`,
        })
        .prepare(`post_ledger_${entries}_${moves}`);
    });
    postingStatements.set(key, statement);
  }
  return statement;
}

type Move = { id: string; currency: string; delta: bigint };

/** The net movement of each internal account (id and currency) a posting touches. */
function internalMoves(postings: Posting[]): Map<string, Move> {
  const moves = new Map<string, Move>();
  for (const p of postings) {
    if (!p.account.startsWith("ia:") || p.amount === 0n) continue;
    const id = p.account.slice(3);
    const key = `${id}\u0000${p.currency}`;
    const m = moves.get(key) ?? { id, currency: p.currency, delta: 0n };
    m.delta += p.amount;
    moves.set(key, m);
  }
  return moves;
}

/** An internal account's balance after a posting: found in the posting's currency, not below zero, within 2^53 − 1. */
function checkResultingBalance(m: Move, balance: bigint | undefined): void {
  if (balance === undefined) throw new Error(`ledger: internal account ${m.id} in ${m.currency} not found`);
  if (balance < 0n) throw new Error(`ledger: internal account ${m.id} would go below zero`);
  assertAmountsBounded("amount", [balance], "The account's resulting balance");
}

/**
 * postLedger's checks made before the posting is sent, on the balances the caller read under its row locks (the
 * accounts cannot change until it commits): the same refusals, for a caller that commits with its last writes
 * (lib/server/transactions/execute-transaction.ts) and so must have decided before them.
 */
export function assertPostingFits(
  postings: Posting[],
  locked: ReadonlyMap<string, { currency: string; balance: bigint }>,
): void {
  for (const m of internalMoves(postings).values()) {
    const a = locked.get(m.id);
    checkResultingBalance(m, a && a.currency === m.currency ? a.balance + m.delta : undefined);
  }
}

/** The reverse of a set of postings (an automatic refund). */
export function reverse(postings: Posting[], memo: string): Posting[] {
  return postings.map((p) => ({ ...p, amount: -p.amount, memo }));
}
