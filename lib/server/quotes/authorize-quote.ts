import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { internalAccounts, quotes } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, parseId } from "@/lib/shared/ids";
import { checkScaSession } from "@/lib/server/sca/check-sca-session";
import {
  consumeChallenge,
  failedProof,
  openChallenge,
  proofSatisfies,
  requireProofShape,
  type ScaProof,
} from "@/lib/server/sca/sca-challenge";
import { lockScaState, throwIfLocked } from "@/lib/server/sca/sca-state";
import { executeTransaction } from "@/lib/server/transactions/execute-transaction";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { transition } from "@/lib/server/transactions/transitions";
import { failUnauthorizedQuote } from "./fail-unauthorized-quote";
import type { Quote } from "./quote.contract";
import { toQuote, type QuoteRow } from "./quote-view";

/** The platform's quote, locked, with its SCA customer's state locked too (404 / 409 outside the SCA regions). */
export async function lockQuoteForSca(tx: Tx, platform: PlatformPrincipal, quoteId: string) {
  const uuid = parseId("Quote", quoteId);
  const [q] = uuid
    ? await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.id, uuid), eq(quotes.platformId, platform.id)))
        .for("update")
    : [];
  if (!q) throw notFound("QUOTE_NOT_FOUND", "Quote", quoteId);
  if (!q.customerId)
    throw new ApiError("CONFLICT", "Strong Customer Authentication is not required for this quote", {
      reason: "SCA_NOT_REQUIRED",
    });
  const { customer, state } = await lockScaState(tx, platform.id, formatId("Customer", q.customerId));
  if (q.status !== "PENDING_AUTHORIZATION") {
    throw new ApiError("CONFLICT", `The quote is ${q.status}; it has no pending SCA challenge`, {
      reason: "NO_PENDING_CHALLENGE",
      status: q.status,
    });
  }
  return { q, customer, state };
}

/**
 * POST /quotes/{quoteId}/authorize. Order of checks (Grid's): the quote and customer (404, 409), the lock
 * (423), the SCA session (409 SCA_SESSION_REQUIRED), the challenge's expiry (400; the transaction fails with
 * SCA_NOT_COMPLETED and that commits), the proof (400, counted; the fifth → 423). A right proof releases the
 * transfer in the same database transaction: the one execution engine moves the money and sets the statuses.
 */
export async function authorizeQuote(platform: PlatformPrincipal, quoteId: string, proof: ScaProof): Promise<Quote> {
  const db = await getDb();
  const outcome = await moneyTransaction(async (tx): Promise<QuoteRow | ApiError> => {
    const { q, customer, state } = await lockQuoteForSca(tx, platform, quoteId);
    throwIfLocked(state);
    checkScaSession({ profile: customer.profile, sessionExpiresAt: state.sessionExpiresAt });
    requireProofShape(proof);
    const challenge = await openChallenge(tx, q.id, "QUOTE");
    if (!challenge || challenge.expiresAt.getTime() <= Date.now()) {
      await failUnauthorizedQuote(tx, q);
      return invalidInput(
        [],
        "The quote's SCA challenge expired; its transaction failed with SCA_NOT_COMPLETED. Create a new quote",
        { reason: "SCA_NOT_COMPLETED" },
      );
    }
    if (!(await proofSatisfies(tx, platform, customer, state, challenge, proof))) return failedProof(tx, state);
    await consumeChallenge(tx, challenge.id);
    const released = await transition(tx, "AUTHORIZE", { id: q.transactionId, platformId: q.platformId });
    if (released)
      await executeTransaction(tx, released, {
        settings: platform.settings,
        sandbox: platform.environment === "SANDBOX",
        onRefusal: "fail",
      });
    const [after] = await tx.select().from(quotes).where(eq(quotes.id, q.id));
    return after;
  });
  if (outcome instanceof ApiError) throw outcome;
  const [src] = await db
    .select({ type: internalAccounts.type })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, outcome.sourceAccountId));
  return toQuote(outcome, { embeddedWalletSource: src?.type === "EMBEDDED_WALLET" });
}
