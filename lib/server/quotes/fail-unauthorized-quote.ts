import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { scaChallenges } from "@/db/schema";
import { transition } from "@/lib/server/transactions/transitions";
import type { QuoteRow } from "./quote-view";

/**
 * A quote whose SCA challenge expired unanswered: its transaction FAILED with SCA_NOT_COMPLETED (no money
 * moved), the quote FAILED, OUTGOING_PAYMENT.FAILED in the outbox (transitions.ts EXPIRE_SCA), all in the caller's
 * transaction. The state machine's conditional UPDATE makes it happen once, whoever sees the expiry first (authorize
 * or the sweeper).
 */
export async function failUnauthorizedQuote(
  tx: Tx,
  q: Pick<QuoteRow, "id" | "platformId" | "transactionId">,
): Promise<void> {
  const failed = await transition(
    tx,
    "EXPIRE_SCA",
    { id: q.transactionId, platformId: q.platformId },
    { failureReason: "SCA_NOT_COMPLETED" },
  );
  if (!failed) return;
  await tx
    .update(scaChallenges)
    .set({ consumedAt: failed.updatedAt })
    .where(and(eq(scaChallenges.subjectId, q.id), eq(scaChallenges.purpose, "QUOTE")));
}
