import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
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
export async function postLedger(tx: Tx, input: { platformId: string; transactionId: string; postings: Posting[] }): Promise<void> {
  const postings = input.postings.filter((p) => p.amount !== 0n);
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`ledger: posting for ${input.transactionId} does not balance in ${currency} (sum ${sum})`);
  }
  if (postings.length === 0) return;
  await tx.insert(ledgerEntries).values(
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
  for (const p of postings) {
    if (!p.account.startsWith("ia:")) continue;
    const id = p.account.slice(3);
    const [row] = await tx
      .update(internalAccounts)
      .set({ balance: sql`${internalAccounts.balance} + ${p.amount}`, updatedAt: new Date() })
      .where(and(eq(internalAccounts.id, id), eq(internalAccounts.currency, p.currency)))
      .returning({ balance: internalAccounts.balance });
    if (!row) throw new Error(`ledger: internal account ${id} in ${p.currency} not found`);
    if (row.balance < 0n) throw new Error(`ledger: internal account ${id} would go below zero`);
    // Thrown inside the caller's transaction: the posting and everything with it roll back.
    assertAmountsBounded("amount", [row.balance], "The account's resulting balance");
  }
}

/** The reverse of a set of postings (an automatic refund). */
export function reverse(postings: Posting[], memo: string): Posting[] {
  return postings.map((p) => ({ ...p, amount: -p.amount, memo }));
}
