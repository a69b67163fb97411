import { eq, inArray, sql } from "drizzle-orm";
import { execRows, type Tx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import {
  internalLedgerAccount,
  postLedger,
  systemLedgerAccount,
  type SystemLedgerName,
} from "@/lib/server/ledger/post-ledger";
import { parseId } from "@/lib/shared/ids";
import { toInternalAccount } from "@/lib/server/internal-accounts/internal-account-view";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import type { OperationRow, StablecoinRow } from "./stablecoin-views";
import { balanceUpdatedEvent } from "@/lib/server/internal-accounts/internal-account.contract";

/**
 * How stablecoin money moves on the one ledger. Two currencies per operation: the token (its symbol, in its
 * smallest unit) and its base currency (cents). Amounts credit the second leg:
 *
 *   creation, internal source   ia → STABLECOIN_PENDING            (mint: fiat; burn: token)
 *   MINT completed              fiat: FUNDING | STABLECOIN_PENDING → STABLECOIN_RESERVE
 *                               token: STABLECOIN_ISSUED → ia | PAYOUTS (the destination)
 *   BURN completed              token: FUNDING | STABLECOIN_PENDING → STABLECOIN_ISSUED
 *                               fiat: STABLECOIN_RESERVE → PAYOUTS (the bank destination)
 *   FAILED / EXPIRED            STABLECOIN_PENDING → ia (what creation took)
 *
 * So the supply of a token is minus the balance of its STABLECOIN_ISSUED account, and every posting balances.
 */
type Leg = { ia: string } | SystemLedgerName;

/** The internal account (bare uuid) an operation's source takes from at creation, if any. */
export function heldAccount(op: Pick<OperationRow, "source">): string | null {
  return op.source.type === "GRID_INTERNAL_ACCOUNT" ? parseId("InternalAccount", op.source.accountId) : null;
}

/** The currency and amount an operation takes from its internal source: fiat for a mint, tokens for a burn. */
export function heldSide(op: Pick<OperationRow, "operationType" | "amount" | "fiatAmount">, coin: StablecoinRow) {
  return op.operationType === "MINT"
    ? { currency: coin.baseCurrency, amount: op.fiatAmount }
    : { currency: coin.symbol, amount: op.amount };
}

async function move(
  tx: Tx,
  op: OperationRow,
  currency: string,
  from: Leg,
  to: Leg,
  amount: bigint,
  memo: string,
  touched: Set<string>,
) {
  const account = (leg: Leg) => {
    if (typeof leg === "string") return systemLedgerAccount(op.platformId, leg, currency);
    touched.add(leg.ia);
    return internalLedgerAccount(leg.ia);
  };
  await postLedger(tx, {
    platformId: op.platformId,
    transactionId: op.id,
    postings: [
      { account: account(from), currency, amount: -amount, memo },
      { account: account(to), currency, amount, memo },
    ],
  });
}

/** Grid's INTERNAL_ACCOUNT.BALANCE_UPDATED for every internal account a step moved, in the step's transaction. */
async function announceBalances(tx: Tx, platformId: string, touched: Set<string>) {
  if (touched.size === 0) return;
  const rows = await tx
    .select()
    .from(internalAccounts)
    .where(inArray(internalAccounts.id, [...touched]));
  for (const row of rows) {
    await emitEvent(tx, balanceUpdatedEvent, { platformId, data: toInternalAccount(row) });
  }
}

/** Creation: take the operation's amount from its internal source (the caller checked the balance under lock). */
export async function holdSource(tx: Tx, op: OperationRow, coin: StablecoinRow) {
  const account = heldAccount(op);
  if (!account) return;
  const touched = new Set<string>();
  const { currency, amount } = heldSide(op, coin);
  await move(
    tx,
    op,
    currency,
    { ia: account },
    "STABLECOIN_PENDING",
    amount,
    `stablecoin ${op.operationType.toLowerCase()} hold`,
    touched,
  );
  await announceBalances(tx, op.platformId, touched);
}

/** FAILED or EXPIRED: give back what creation took. */
export async function releaseSource(tx: Tx, op: OperationRow, coin: StablecoinRow) {
  const account = heldAccount(op);
  if (!account) return;
  const touched = new Set<string>();
  const { currency, amount } = heldSide(op, coin);
  await move(
    tx,
    op,
    currency,
    "STABLECOIN_PENDING",
    { ia: account },
    amount,
    `stablecoin ${op.operationType.toLowerCase()} release`,
    touched,
  );
  await announceBalances(tx, op.platformId, touched);
}

/** COMPLETED: the supply and the reserve move, and the destination is paid. */
export async function settleOperation(tx: Tx, op: OperationRow, coin: StablecoinRow) {
  const touched = new Set<string>();
  const held = heldAccount(op) !== null;
  if (op.operationType === "MINT") {
    const destination = parseId("InternalAccount", op.destination.accountId);
    await move(
      tx,
      op,
      coin.baseCurrency,
      held ? "STABLECOIN_PENDING" : "FUNDING",
      "STABLECOIN_RESERVE",
      op.fiatAmount,
      "stablecoin mint reserve",
      touched,
    );
    await move(
      tx,
      op,
      coin.symbol,
      "STABLECOIN_ISSUED",
      destination ? { ia: destination } : "PAYOUTS",
      op.amount,
      "stablecoin mint",
      touched,
    );
  } else {
    await move(
      tx,
      op,
      coin.symbol,
      held ? "STABLECOIN_PENDING" : "FUNDING",
      "STABLECOIN_ISSUED",
      op.amount,
      "stablecoin burn",
      touched,
    );
    await move(
      tx,
      op,
      coin.baseCurrency,
      "STABLECOIN_RESERVE",
      "PAYOUTS",
      op.fiatAmount,
      "stablecoin burn redemption",
      touched,
    );
  }
  await announceBalances(tx, op.platformId, touched);
}

/** Outstanding supply of a token (smallest unit): minus its STABLECOIN_ISSUED balance. */
export async function outstandingSupply(tx: Tx, coin: StablecoinRow): Promise<bigint> {
  const account = systemLedgerAccount(coin.platformId, "STABLECOIN_ISSUED", coin.symbol);
  const [row] = await execRows<{ total: string | null }>(
    tx,
    sql`select sum(amount)::text as total from ledger_entries where account = ${account}`,
  );
  return -BigInt(row?.total ?? "0");
}

/** The account's balance under a row lock, so a debit decided on it cannot race another. */
export async function lockedAccount(tx: Tx, uuid: string) {
  const [row] = await tx.select().from(internalAccounts).where(eq(internalAccounts.id, uuid)).for("update");
  return row;
}
