import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { internalAccounts, quotes } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { executeTransaction } from "@/lib/server/transactions/execute-transaction";
import { transactionFromQuote } from "@/lib/server/transactions/transaction-from-quote";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { quoteStatusAfter } from "@/lib/server/transactions/status-table";
import { enterExecuting } from "@/lib/server/transactions/transitions";
import type { ScaFactor } from "@/lib/server/sca/sca-factors";
import { afterQuoteCommit, holdForSca, quoteNeedsSca } from "./hold-for-sca";
import type { Quote } from "./quote.contract";
import { toQuote, type QuoteRow } from "./quote-view";
import { executableQuote } from "./executable-quote";

/** Lock a quote of the platform for execution, or 404 QUOTE_NOT_FOUND / 409 / 400 QUOTE_EXPIRED (executable-quote.ts). */
export function lockExecutableQuote(tx: Tx, platformId: string, quoteId: string): Promise<QuoteRow> {
  return executableQuote(tx, platformId, quoteId, { lock: true });
}

/**
 * Execute inside the caller's transaction: the transaction row, the ledger and the quote status commit together.
 * An SCA customer's quote to an untrusted beneficiary is held PENDING_AUTHORIZATION instead (hold-for-sca.ts), its
 * challenge on the factor asked for by this execution, else by the quote's own scaFactor (POST /quotes), else SMS_OTP.
 */
export async function executeQuoteInTx(
  tx: Tx,
  platform: PlatformPrincipal,
  q: QuoteRow,
  opts: {
    scaFactor?: ScaFactor | null;
    needsSca?: boolean;
    insertQuote?: boolean;
    /** The caller sends nothing after this in its transaction: the COMMIT goes with the last writes (execute-transaction.ts). */
    commitWithLastWrites?: boolean;
  } = {},
): Promise<QuoteRow> {
  if (opts.needsSca ?? (await quoteNeedsSca(tx, q))) {
    if (opts.insertQuote) await tx.insert(quotes).values(q);
    return holdForSca(tx, platform, q, opts.scaFactor ?? (q.scaFactor as ScaFactor | null));
  }
  // insertQuote: `q` is not in the database yet. Neither is the transaction: both are inserted, with their final
  // status, by the end of the execution (transitions.ts enterExecuting, finishing), with its event and COMMIT.
  const { row } = enterExecuting(transactionFromQuote(q), {
    quote: opts.insertQuote ? q : undefined,
    now: new Date(),
  });
  const done = await executeTransaction(tx, row, {
    settings: platform.settings,
    sandbox: platform.environment === "SANDBOX",
    onRefusal: "throw",
    commitWithLastWrites: opts.commitWithLastWrites,
  });
  // Not read back: the execution changed only the quote's status and updatedAt, in the statement that set the
  // transaction's final status (transitions.ts finishExecution), with the transaction's updatedAt.
  return { ...q, status: quoteStatusAfter(done.status), updatedAt: done.updatedAt };
}

/** POST /quotes/{quoteId}/execute for quotes whose source needs no wallet signature. */
export async function executeQuote(
  platform: PlatformPrincipal,
  quoteId: string,
  opts: { scaFactor?: ScaFactor | null } = {},
): Promise<Quote> {
  const row = await moneyTransaction(async (tx) => {
    const q = await lockExecutableQuote(tx, platform.id, quoteId);
    const [src] = await tx
      .select({ type: internalAccounts.type })
      .from(internalAccounts)
      .where(eq(internalAccounts.id, q.sourceAccountId));
    if (src?.type === "EMBEDDED_WALLET") {
      // Routed to execute-wallet-quote.ts before this; kept as a guard.
      throw new ApiError(
        "WALLET_SIGNATURE_MISSING",
        "The source is an EMBEDDED_WALLET: execution needs a wallet signature",
      );
    }
    return executeQuoteInTx(tx, platform, q, { ...opts, commitWithLastWrites: true });
  });
  await afterQuoteCommit(platform, row);
  return toQuote(row);
}
