import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { toCardUnits, toFundingUnits } from "./card-currency";
import {
  internalLedgerAccount,
  postLedger,
  systemLedgerAccount,
  type SystemLedgerName,
} from "@/lib/server/ledger/post-ledger";

/**
 * How card money moves on the one ledger (amounts credit the named account; each move balances):
 * hold ia → CARD_HOLDS on authorization; capture CARD_HOLDS → CARD_NETWORK on clearing; release
 * CARD_HOLDS → ia for what will not clear; pull ia → CARD_NETWORK for single-message debits and over-auth
 * clearings; credit CARD_NETWORK → ia on returns and credits; loss CARD_LOSSES → CARD_NETWORK when the network
 * was paid but the funding source could not cover it (EXCEPTION).
 *
 * Card amounts are in the card's currency; every move posts in the funding account's currency (a USD card on a
 * USDB account moves USDB, `card-currency.ts`), so the system accounts of a move share the account's currency.
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
  const currency = await accountCurrency(tx, t.accountId);
  const units = toFundingUnits(amount, t.currency, currency);
  const account = (leg: SystemLedgerName | "ia") =>
    leg === "ia" ? internalLedgerAccount(t.accountId) : systemLedgerAccount(t.platformId, leg, currency);
  const [from, to] = LEGS[move];
  await postLedger(tx, {
    platformId: t.platformId,
    transactionId: t.id,
    postings: [
      { account: account(from), currency, amount: -units, memo: `card ${move}` },
      { account: account(to), currency, amount: units, memo: `card ${move}` },
    ],
  });
}

async function accountCurrency(tx: Tx, accountId: string): Promise<string> {
  const [a] = await tx
    .select({ currency: internalAccounts.currency })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, accountId));
  if (!a) throw new Error(`card funding account ${accountId} does not exist`);
  return a.currency;
}

/**
 * The account's balance in the card's minor units (rounded down), under a row lock, so a debit decided on it cannot
 * race another.
 */
export async function lockedBalance(tx: Tx, accountId: string, cardCurrency: string): Promise<bigint> {
  const [a] = await tx
    .select({ balance: internalAccounts.balance, currency: internalAccounts.currency })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, accountId))
    .for("update");
  return a ? toCardUnits(a.balance, cardCurrency, a.currency) : 0n;
}
