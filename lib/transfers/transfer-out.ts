import { getDb } from "@/db/client";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { createQuote } from "@/lib/quotes/create-quote";
import { getTransaction } from "@/lib/transactions/get-transaction";
import { resolveExternal, resolveInternal } from "@/lib/money/resolve-accounts";
import type { Transaction } from "@/lib/transactions/transaction.contract";
import type { TransferInput } from "./transfer.contract";

/**
 * Deprecated POST /transfer-out, kept with its shape: a same-currency quote with SENDING locked and
 * immediatelyExecute, so terms, limits, fees and failure reasons are exactly those of POST /quotes.
 */
export async function transferOut(platform: PlatformPrincipal, input: TransferInput, idempotencyKey: string | null): Promise<Transaction> {
  const db = await getDb();
  const src = await resolveInternal(db, platform.id, input.source.accountId);
  const dst = await resolveExternal(db, platform.id, input.destination.accountId);
  if (src.currency !== dst.currency) {
    throw new ApiError("INVALID_INPUT", `transfer-out moves one currency: the source holds ${src.currency}, the destination takes ${dst.currency}; use POST /quotes`, {
      errors: [{ field: "destination.accountId", message: `Expected an account in ${src.currency}` }],
    });
  }
  const quote = await createQuote(
    platform,
    {
      source: { sourceType: "ACCOUNT", accountId: input.source.accountId },
      destination: { destinationType: "ACCOUNT", accountId: input.destination.accountId },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: input.amount,
      immediatelyExecute: true,
      description: input.description,
    },
    { idempotencyKey, idempotencyScope: "transfer-out" },
  );
  return getTransaction(platform.id, quote.transactionId);
}
