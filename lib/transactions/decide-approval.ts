import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { quotes, transactions } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { parseId } from "@/lib/ids";
import { emitEvent } from "@/lib/webhooks/emit-event";
import { executeTransaction } from "./execute-transaction";
import type { Transaction } from "./transaction.contract";
import { transactionView } from "./transaction-view";
import { paymentEvent } from "./transaction-events";

/**
 * POST /transactions/{id}/approve | /reject. The decision is one conditional UPDATE from
 * PENDING/PENDING_PLATFORM_APPROVAL, so of any number of concurrent approvals and rejections, on any
 * number of instances, exactly one wins; the others answer 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL.
 * An approved transaction executes in the same database transaction (its failures are recorded as
 * failure reasons, e.g. LIMIT_EXCEEDED or QUOTE_EXECUTION_FAILED, since the platform's call itself succeeded).
 */
export async function decideApproval(
  platform: PlatformPrincipal,
  transactionId: string,
  decision: "APPROVE" | "REJECT",
  reason?: string,
): Promise<Transaction> {
  const uuid = parseId("Transaction", transactionId);
  if (!uuid) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const now = new Date();
    const [won] = await tx
      .update(transactions)
      .set(
        decision === "APPROVE"
          ? { status: "PROCESSING", pendingReason: null, updatedAt: now }
          : { status: "REJECTED", pendingReason: null, rejectionReason: reason ?? null, updatedAt: now },
      )
      .where(
        and(
          eq(transactions.id, uuid),
          eq(transactions.platformId, platform.id),
          eq(transactions.status, "PENDING"),
          eq(transactions.pendingReason, "PENDING_PLATFORM_APPROVAL"),
        ),
      )
      .returning();
    if (!won) {
      const [exists] = await tx
        .select({ status: transactions.status })
        .from(transactions)
        .where(and(eq(transactions.id, uuid), eq(transactions.platformId, platform.id)));
      if (!exists) throw notFound("TRANSACTION_NOT_FOUND", "Transaction", transactionId);
      throw new ApiError(
        "TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL",
        `The transaction is ${exists.status}; only a transaction pending platform approval can be approved or rejected`,
        { status: exists.status },
      );
    }
    if (decision === "APPROVE") {
      return executeTransaction(tx, won, {
        settings: platform.settings,
        sandbox: platform.environment === "SANDBOX",
        onRefusal: "fail",
      });
    }
    if (won.quoteId)
      await tx.update(quotes).set({ status: "FAILED", updatedAt: now }).where(eq(quotes.id, won.quoteId));
    await emitEvent(tx, paymentEvent("OUTGOING", "FAILED"), {
      platformId: platform.id,
      data: await transactionView(tx, won),
    });
    return won;
  });
  return transactionView(db, row);
}
