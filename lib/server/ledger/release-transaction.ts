import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { postLedger, type Posting } from "./post-ledger";

/**
 * Give back whatever a transaction still holds on the ledger (a cancel): the net of its entries per account and
 * currency is posted in reverse, so every account it touched returns to where it was before it. Posts nothing
 * when the transaction holds nothing (already reversed, or never posted). Runs in the caller's transaction.
 */
export async function releaseTransaction(
  tx: Tx,
  input: { platformId: string; transactionId: string; memo: string },
): Promise<Posting[]> {
  const held = await tx
    .select({
      account: ledgerEntries.account,
      currency: ledgerEntries.currency,
      net: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.platformId, input.platformId), eq(ledgerEntries.transactionId, input.transactionId)))
    .groupBy(ledgerEntries.account, ledgerEntries.currency);
  const postings = held
    .map((h) => ({ account: h.account, currency: h.currency, amount: -BigInt(h.net), memo: input.memo }))
    .filter((p) => p.amount !== 0n);
  await postLedger(tx, { platformId: input.platformId, transactionId: input.transactionId, postings });
  return postings;
}
