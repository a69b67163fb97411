import { invalidInput } from "@/lib/api-core/validation";
import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { externalAccounts, quotes, transactions } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { VARIANT_BY_TYPE } from "@/lib/external-accounts/account-variants";
import { parseId } from "@/lib/ids";
import { releaseTransaction } from "@/lib/ledger/release-transaction";
import { emitEvent } from "@/lib/webhooks/emit-event";
import type { Transaction } from "./transaction.contract";
import { transactionView, type TransactionRow } from "./transaction-view";
import { paymentEvent } from "./transaction-events";

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
 * cancelled. The cancel is one conditional UPDATE from PENDING, so of concurrent cancels, approvals and rejections exactly
 * one wins; in the same database transaction whatever the transaction holds on the ledger is released and its FAILED
 * event is written (Grid has no cancelled status or event; the transaction becomes REJECTED, as a platform's reject does).
 */
export async function cancelTransaction(
  platform: PlatformPrincipal,
  transactionId: string,
  reason?: string,
): Promise<Transaction> {
  const uuid = parseId("Transaction", transactionId);
  if (!uuid) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const mine = and(eq(transactions.id, uuid), eq(transactions.platformId, platform.id));
    const [current] = await tx.select().from(transactions).where(mine);
    if (!current) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
    if (!(await onBankRail(tx, current))) {
      throw invalidInput(
        [],
        "Only bank transfers (an external bank account as source or destination) can be cancelled",
        { reason: "NOT_A_BANK_TRANSFER" },
      );
    }
    const now = new Date();
    const [won] = await tx
      .update(transactions)
      .set({ status: "REJECTED", pendingReason: null, rejectionReason: reason ?? "CANCELLED", updatedAt: now })
      .where(and(mine, eq(transactions.status, "PENDING")))
      .returning();
    if (!won) {
      const [after] = await tx.select({ status: transactions.status }).from(transactions).where(mine);
      throw new ApiError(
        "TRANSACTION_NOT_CANCELLABLE",
        `The transaction is ${after?.status}; only a bank transfer that has not settled (PENDING) can be cancelled`,
        {
          status: after?.status,
        },
      );
    }
    await releaseTransaction(tx, {
      platformId: platform.id,
      transactionId: won.id,
      memo: `cancel: ${won.rejectionReason}`,
    });
    if (won.quoteId)
      await tx.update(quotes).set({ status: "FAILED", updatedAt: now }).where(eq(quotes.id, won.quoteId));
    await emitEvent(tx, paymentEvent(won.direction, "FAILED"), {
      platformId: platform.id,
      data: await transactionView(tx, won),
    });
    return won;
  });
  return transactionView(db, row);
}
