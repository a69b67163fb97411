import { and, eq, sql } from "drizzle-orm";
import { quotes } from "@/db/schema";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { failUnauthorizedQuote } from "./fail-unauthorized-quote";

/**
 * The sweeper's step: quotes still PENDING_AUTHORIZATION after their challenge's expiresAt fail with
 * SCA_NOT_COMPLETED, in bounded batches claimed with SKIP LOCKED (any number of instances). Returns how many.
 */
export async function expireScaQuotes(batch: number): Promise<number> {
  return moneyTransaction(async (tx) => {
    const due = await tx
      .select({ id: quotes.id, platformId: quotes.platformId, transactionId: quotes.transactionId })
      .from(quotes)
      .where(
        and(
          eq(quotes.status, "PENDING_AUTHORIZATION"),
          sql`(${quotes.scaChallenge}->>'expiresAt')::timestamptz < now()`,
        ),
      )
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const q of due) await failUnauthorizedQuote(tx, q);
    return due.length;
  });
}
