import { invalidInput } from "@/lib/server/core/validation";
import { limitSandboxMoney } from "@/lib/server/rate-limit/limit-sandbox-money";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts, transactions } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { walletSignatureNeeded } from "@/lib/server/quotes/create-quote";
import { executeQuoteInTx, lockExecutableQuote } from "@/lib/server/quotes/execute-quote";
import type { Transaction } from "@/lib/server/transactions/transaction.contract";
import { transactionView } from "@/lib/server/transactions/transaction-view";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { creditFromSandbox, requireSandbox } from "./sandbox-credit";
import type { SandboxSend } from "./sandbox.contract";

/**
 * POST /sandbox/send: the sender pays what the quote instructs. Here every quote is funded from an internal
 * account, so the payment arrives there (a sandbox FUNDING credit of totalSendingAmount) and the quote
 * executes with it, in one database transaction. Answers the quote's transaction.
 */
export async function sandboxSend(platform: PlatformPrincipal, body: SandboxSend): Promise<Transaction> {
  requireSandbox(platform);
  await limitSandboxMoney(platform);
  const db = await getDb();
  const row = await moneyTransaction(async (tx) => {
    const q = await lockExecutableQuote(tx, platform.id, body.quoteId);
    const errors: { field: string; message: string }[] = [];
    if (body.currencyCode !== q.sendingCurrency)
      errors.push({ field: "currencyCode", message: `The quote sends ${q.sendingCurrency}` });
    if (body.currencyAmount !== undefined && BigInt(body.currencyAmount) !== q.totalSendingAmount) {
      errors.push({ field: "currencyAmount", message: `The quote's totalSendingAmount is ${q.totalSendingAmount}` });
    }
    if (errors.length) throw invalidInput(errors, errors[0].message);
    const [src] = await tx.select().from(internalAccounts).where(eq(internalAccounts.id, q.sourceAccountId));
    if (src.type === "EMBEDDED_WALLET") throw walletSignatureNeeded();
    await creditFromSandbox(
      tx,
      platform,
      { uuid: src.id, customerId: src.customerId, currency: src.currency },
      q.totalSendingAmount,
      "Sandbox deposit for quote",
    );
    await executeQuoteInTx(tx, platform, q);
    const [t] = await tx.select().from(transactions).where(eq(transactions.id, q.transactionId));
    return t;
  });
  return transactionView(db, row);
}
