import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts, transactions } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { executeQuoteInTx, lockExecutableQuote } from "@/lib/quotes/execute-quote";
import type { Transaction } from "@/lib/transactions/transaction.contract";
import { toTransaction } from "@/lib/transactions/transaction-view";
import { creditFromSandbox, requireSandbox } from "./sandbox-credit";

/**
 * POST /sandbox/send: the customer sends the funds a quote asks for. In one database transaction the deposit
 * lands in the quote's source account (an INCOMING sandbox transaction) and the quote executes, through the
 * same engine and events as any payment. Returns the quote's transaction.
 */
export async function sandboxSend(platform: PlatformPrincipal, input: { quoteId: string; currencyCode: string; currencyAmount?: number }): Promise<Transaction> {
  requireSandbox(platform);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const q = await lockExecutableQuote(tx, platform.id, input.quoteId);
    if (input.currencyCode !== q.sendingCurrency) {
      throw new ApiError("INVALID_INPUT", `The quote is funded in ${q.sendingCurrency}`, { errors: [{ field: "currencyCode", message: `Expected ${q.sendingCurrency}` }] });
    }
    if (input.currencyAmount !== undefined && BigInt(input.currencyAmount) !== q.totalSendingAmount) {
      throw new ApiError("INVALID_INPUT", `The quote needs exactly ${q.totalSendingAmount} ${q.sendingCurrency}`, {
        errors: [{ field: "currencyAmount", message: `Expected ${q.totalSendingAmount} (or leave it out)` }],
      });
    }
    const [src] = await tx.select().from(internalAccounts).where(eq(internalAccounts.id, q.sourceAccountId));
    if (src.type === "EMBEDDED_WALLET") throw new ApiError("INVALID_INPUT", "An EMBEDDED_WALLET quote executes with a wallet signature, not /sandbox/send");
    await creditFromSandbox(tx, platform, { uuid: src.id, customerId: src.customerId, currency: src.currency }, q.totalSendingAmount, `Sandbox deposit for quote`);
    await executeQuoteInTx(tx, platform, q);
    const [t] = await tx.select().from(transactions).where(eq(transactions.id, q.transactionId));
    return t;
  });
  return toTransaction(row);
}
