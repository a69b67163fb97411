import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import {
  internalLedgerAccount,
  postLedger,
  systemLedgerAccount,
  type SystemLedgerName,
} from "@/lib/ledger/post-ledger";

/**
 * How card money moves on the one ledger (amounts credit the named account; each move balances):
 * hold ia → CARD_HOLDS on authorization; capture CARD_HOLDS → CARD_NETWORK on clearing; release
 * CARD_HOLDS → ia for what will not clear; pull ia → CARD_NETWORK for single-message debits and over-auth
 * clearings; credit CARD_NETWORK → ia on returns and credits; loss CARD_LOSSES → CARD_NETWORK when the network
 * was paid but the funding source could not cover it (EXCEPTION).
 */
export type CardMove = "hold" | "capture" | "release" | "pull" | "credit" | "loss";

const LEGS: Record<CardMove, [from: SystemLedgerName | "ia", to: SystemLedgerName | "ia"]> = {
  hold: ["ia", "CARD_HOLDS"],
  capture: ["CARD_HOLDS", "CARD_NETWORK"],
  release: ["CARD_HOLDS", "ia"],
  pull: ["ia", "CARD_NETWORK"],
  credit: ["CARD_NETWORK", "ia"],
  loss: ["CARD_LOSSES", "CARD_NETWORK"],
};

export async function moveCardMoney(
  tx: Tx,
  t: { platformId: string; id: string; accountId: string; currency: string },
  move: CardMove,
  amount: bigint,
): Promise<void> {
  if (amount === 0n) return;
  const account = (leg: SystemLedgerName | "ia") =>
    leg === "ia" ? internalLedgerAccount(t.accountId) : systemLedgerAccount(t.platformId, leg, t.currency);
  const [from, to] = LEGS[move];
  await postLedger(tx, {
    platformId: t.platformId,
    transactionId: t.id,
    postings: [
      { account: account(from), currency: t.currency, amount: -amount, memo: `card ${move}` },
      { account: account(to), currency: t.currency, amount, memo: `card ${move}` },
    ],
  });
}

/** The account's balance under a row lock, so a debit decided on it cannot race another. */
export async function lockedBalance(tx: Tx, accountId: string): Promise<bigint> {
  const [a] = await tx
    .select({ balance: internalAccounts.balance })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, accountId))
    .for("update");
  return a?.balance ?? 0n;
}
