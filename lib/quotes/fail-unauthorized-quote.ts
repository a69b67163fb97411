import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { quotes, scaChallenges, transactions } from "@/db/schema";
import { transactionView } from "@/lib/transactions/transaction-view";
import { emitEvent } from "@/lib/webhooks/emit-event";
import type { QuoteRow } from "./quote-view";
import { paymentEvent } from "@/lib/transactions/transaction-events";

/**
 * A quote whose SCA challenge expired unanswered: its transaction FAILED with SCA_NOT_COMPLETED (no money
 * moved), the quote FAILED, OUTGOING_PAYMENT.FAILED in the outbox, all in the caller's transaction. The
 * conditional UPDATE makes it happen once, whoever sees the expiry first (authorize or the sweeper).
 */
export async function failUnauthorizedQuote(
  tx: Tx,
  q: Pick<QuoteRow, "id" | "platformId" | "transactionId">,
): Promise<void> {
  const now = new Date();
  const [failed] = await tx
    .update(transactions)
    .set({ status: "FAILED", failureReason: "SCA_NOT_COMPLETED", pendingReason: null, updatedAt: now })
    .where(and(eq(transactions.id, q.transactionId), eq(transactions.status, "PENDING_AUTHORIZATION")))
    .returning();
  if (!failed) return;
  await tx.update(quotes).set({ status: "FAILED", scaChallenge: null, updatedAt: now }).where(eq(quotes.id, q.id));
  await tx
    .update(scaChallenges)
    .set({ consumedAt: now })
    .where(and(eq(scaChallenges.subjectId, q.id), eq(scaChallenges.purpose, "QUOTE")));
  await emitEvent(tx, paymentEvent("OUTGOING", "FAILED"), {
    platformId: q.platformId,
    data: await transactionView(tx, failed),
  });
}
