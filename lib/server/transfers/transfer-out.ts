import { invalidInput } from "@/lib/server/core/validation";
import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { createQuote, type QuoteActor } from "@/lib/server/quotes/create-quote";
import type { Quote } from "@/lib/server/quotes/quote.contract";
import { getTransaction } from "@/lib/server/transactions/get-transaction";
import { resolveExternal, resolveInternal } from "@/lib/server/money/resolve-accounts";
import type { Transaction } from "@/lib/server/transactions/transaction.contract";
import type { TransferOutInput } from "./transfer.contract";

/**
 * Deprecated POST /transfer-out, kept with its shape: a same-currency quote with SENDING locked and
 * immediatelyExecute, so terms, limits, fees and failure reasons are exactly those of POST /quotes.
 */
export async function transferOut(
  platform: PlatformPrincipal,
  input: TransferOutInput,
  idempotencyKey: string | null,
): Promise<Transaction> {
  const quote = await transferOutQuote(platform, input, {
    immediatelyExecute: true,
    idempotencyKey,
    idempotencyScope: "transfer-out",
  });
  return getTransaction(platform.id, quote.transactionId);
}

/** The same-currency quote a transfer-out is; an agent's (`actor`) sees only its customer's accounts and executes it under its policy. */
export async function transferOutQuote(
  platform: PlatformPrincipal,
  input: TransferOutInput,
  opts: { immediatelyExecute: boolean; idempotencyKey: string | null; idempotencyScope: string; actor?: QuoteActor },
): Promise<Quote> {
  const db = await getDb();
  const scope = opts.actor?.customerScope;
  const src = await resolveInternal(db, platform.id, input.source.accountId, scope);
  const dst = await resolveExternal(db, platform.id, input.destination.accountId, scope);
  if (src.currency !== dst.currency) {
    throw invalidInput(
      [{ field: "destination.accountId", message: `Expected an account in ${src.currency}` }],
      `transfer-out moves one currency: the source holds ${src.currency}, the destination takes ${dst.currency}; use POST /quotes`,
    );
  }
  return createQuote(
    platform,
    {
      source: { sourceType: "ACCOUNT", accountId: input.source.accountId },
      destination: {
        destinationType: "ACCOUNT",
        accountId: input.destination.accountId,
        paymentRail: input.destination.paymentRail,
      },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: input.amount,
      immediatelyExecute: opts.immediatelyExecute,
      description: input.description,
      remittanceInformation: input.remittanceInformation,
      purposeOfPayment: input.purposeOfPayment,
    },
    { idempotencyKey: opts.idempotencyKey, idempotencyScope: opts.idempotencyScope, actor: opts.actor },
  );
}
