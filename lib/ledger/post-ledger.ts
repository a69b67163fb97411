import { sql } from "drizzle-orm";
import { execRows, type Tx } from "@/db/client";
import { internalAccounts, ledgerEntries } from "@/db/schema";
import { newUuid } from "@/lib/ids";
import { assertAmountsBounded } from "@/lib/money/amount-bound";

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
  const insertEntries = tx.insert(ledgerEntries).values(
    postings.map((p) => ({
      id: newUuid(),
      platformId: input.platformId,
      transactionId: input.transactionId,
      account: p.account,
      currency: p.currency,
      amount: p.amount,
      memo: p.memo,
    })),
  );
  const moves = internalMoves(postings);
  if (moves.size === 0) {
    await insertEntries.execute(); // started by this call: a caller may pipeline it (execute-transaction.ts)
    return;
  }
  // One round trip for the entries and every balance they move (held row locks are the hot account's bottleneck):
  // the entries insert in a data-modifying CTE, the balances move in one UPDATE … FROM (VALUES …). The join on
  // the currency as well as the id is the per-account currency check: an account in another currency is not
  // updated, so it is missing from RETURNING and refused below, which rolls the whole posting back.
  const values = sql.join(
    [...moves.values()]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((m) => sql`(${m.id}::uuid, ${m.currency}::text, ${m.delta.toString()}::bigint)`),
    sql`, `,
  );
  const rows = await execRows<{ id: string; currency: string; balance: string }>(
    tx,
    sql`with entries as (${insertEntries.getSQL()})
        update ${internalAccounts} set balance = ${internalAccounts.balance} + v.delta, updated_at = ${new Date().toISOString()}::timestamptz
        from (values ${values}) as v(id, currency, delta)
        where ${internalAccounts.id} = v.id and ${internalAccounts.currency} = v.currency
        returning ${internalAccounts.id} as id, v.currency as currency, ${internalAccounts.balance}::text as balance`,
  );
  const balances = new Map(rows.map((r) => [`${r.id}\u0000${r.currency}`, BigInt(r.balance)]));
  // Thrown inside the caller's transaction: the posting and everything with it roll back.
  for (const m of moves.values()) checkResultingBalance(m, balances.get(`${m.id}\u0000${m.currency}`));
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
 * (lib/transactions/execute-transaction.ts) and so must have decided before them.
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
