import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { customers, externalAccounts, transactions } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { VARIANT_BY_TYPE } from "@/lib/server/external-accounts/account-variants";
import { parseId } from "@/lib/shared/ids";
import type { Transaction } from "./transaction.contract";
import { transactionView, type TransactionRow } from "./transaction-view";
import { moneyTransaction } from "./money-transaction";
import { transition } from "./transitions";

/** Whether the transaction moves money on a bank rail (an external bank account on either side). */
async function onBankRail(tx: Tx, row: TransactionRow): Promise<boolean> {
  const ids = [
    row.sourceKind === "EXTERNAL" ? row.sourceAccountId : null,
    row.destinationKind === "EXTERNAL" ? row.destinationAccountId : null,
  ];
  for (const id of ids) {
    if (!id) continue;
    const [acct] = await tx
      .select({ accountType: externalAccounts.accountType })
      .from(externalAccounts)
      .where(eq(externalAccounts.id, id));
    if (acct && VARIANT_BY_TYPE.get(acct.accountType)?.kind === "bank") return true;
  }
  return false;
}

/**
 * POST /transactions/{id}/cancel (Grid's cancelTransaction). Only a bank transfer that has not settled (PENDING) can be
 * cancelled. The cancel is the state machine's CANCEL (transitions.ts): one conditional UPDATE from PENDING, so of
 * concurrent cancels, approvals and rejections exactly one wins; in the same database transaction whatever the
 * transaction holds on the ledger is released and its FAILED event is written. Grid has no cancelled status or event:
 * the transaction becomes FAILED with `rejectionReason` (the given reason, or CANCELLED), docs/protocol.md.
 */
export async function cancelTransaction(
  platform: PlatformPrincipal,
  transactionId: string,
  reason?: string,
): Promise<Transaction> {
  const uuid = parseId("Transaction", transactionId);
  if (!uuid) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  const row = await moneyTransaction(async (tx) => {
    // The transaction's row first (as APPROVE takes it before the execution's locks), then its customer's, before
    // the update: cancelling a held payment takes it out of the customer's daily volume (a trigger writes the volume
    // row), and every writer of that row holds the customer's lock first (lib/server/money/limits.ts "Lock order").
    const [current] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, uuid), eq(transactions.platformId, platform.id)))
      .for("no key update");
    if (!current) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
    if (!(await onBankRail(tx, current))) {
      throw invalidInput(
        [],
        "Only bank transfers (an external bank account as source or destination) can be cancelled",
        { reason: "NOT_A_BANK_TRANSFER" },
      );
    }
    if (current.customerId)
      await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, current.customerId))
        .for("no key update");
    return transition(tx, "CANCEL", { id: uuid, platformId: platform.id }, { rejectionReason: reason ?? "CANCELLED" });
  });
  // Never null: CANCEL names the error its loser hears.
  if (!row) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  return transactionView(await getDb(), row);
}
