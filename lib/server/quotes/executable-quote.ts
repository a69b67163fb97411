import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { quotes } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { invalidInput } from "@/lib/server/core/validation";
import { parseId } from "@/lib/shared/ids";
import type { QuoteRow } from "./quote-view";

/**
 * The one rule of an executable quote, for every way a quote is executed (POST /quotes/{id}/execute, its
 * wallet-signed path before signing, at its recheck and in its accepting transaction, and the agents'):
 * 404 QUOTE_NOT_FOUND (also another platform's), 409 CONFLICT PENDING_AUTHORIZATION while it awaits SCA
 * (POST /quotes/{quoteId}/authorize executes it), 409 QUOTE_ALREADY_EXECUTED unless PENDING, 400 QUOTE_EXPIRED.
 */
export function requireExecutable(q: QuoteRow | undefined, quoteId: string): QuoteRow {
  if (!q) throw notFound("QUOTE_NOT_FOUND", "Quote", quoteId);
  if (q.status === "PENDING_AUTHORIZATION") {
    throw new ApiError("CONFLICT", "The quote awaits SCA: authorize it with POST /quotes/{quoteId}/authorize", {
      reason: "PENDING_AUTHORIZATION",
    });
  }
  if (q.status !== "PENDING")
    throw new ApiError("QUOTE_ALREADY_EXECUTED", `The quote is ${q.status}; only a PENDING quote can be executed`);
  if (q.expiresAt.getTime() <= Date.now()) {
    throw new ApiError("QUOTE_EXPIRED", `The quote expired at ${q.expiresAt.toISOString()}; create a new one`);
  }
  return q;
}

/**
 * A REALTIME_FUNDING quote executes when its money arrives by its paymentInstructions, not on request (Grid): every
 * door that executes a quote on request refuses it here (POST /quotes/{id}/execute and the agents'), since executing it
 * would draw on the account its funds were meant to arrive in.
 */
export function refuseRealtimeFunding(q: Pick<QuoteRow, "sourceType">): void {
  if (q.sourceType !== "REALTIME_FUNDING") return;
  throw invalidInput(
    [{ field: "quoteId", message: "Funded by paymentInstructions" }],
    "A REALTIME_FUNDING quote executes when its funds arrive by its paymentInstructions (sandbox: POST /sandbox/send)",
    { reason: "REALTIME_FUNDING_SOURCE" },
  );
}

/** The platform's quote, executable now (`lock`: locked for the caller's transaction), or the refusal. */
export async function executableQuote(
  db: DbOrTx,
  platformId: string,
  quoteId: string,
  opts: { lock?: boolean } = {},
): Promise<QuoteRow> {
  const uuid = parseId("Quote", quoteId);
  if (!uuid) return requireExecutable(undefined, quoteId);
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, uuid), eq(quotes.platformId, platformId)));
  const [q] = opts.lock ? await query.for("update") : await query;
  return requireExecutable(q, quoteId);
}
