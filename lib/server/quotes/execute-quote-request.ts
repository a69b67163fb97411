import { and, eq } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/db/client";
import { quotes } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import type { SignedCall } from "@/lib/server/signed-retry/signed-operation";
import type { ScaFactor } from "@/lib/server/sca/sca-factors";
import { executeQuote } from "./execute-quote";
import { executeWalletQuote, quoteNeedsWalletSignature } from "./execute-wallet-quote";
import { refuseRealtimeFunding } from "./executable-quote";

/** POST /quotes/{id}/execute: a wallet source goes through the signed retry; any other executes at once. */
export async function executeQuoteRequest(
  call: SignedCall<{ platform: PlatformPrincipal; quoteId: string; scaFactor?: ScaFactor }>,
) {
  const db = await getDb();
  await refuseRealtimeFundingQuote(db, call.platform.id, call.input.quoteId);
  if (await quoteNeedsWalletSignature(db, call.platform.id, call.input.quoteId)) return executeWalletQuote(call);
  return reply(200, await executeQuote(call.platform, call.input.quoteId, { scaFactor: call.input.scaFactor }));
}

/** Refused before any other check, so that its refusal is the answer whatever the quote's status (the one rule). */
async function refuseRealtimeFundingQuote(db: DbOrTx, platformId: string, quoteId: string): Promise<void> {
  const uuid = parseId("Quote", quoteId);
  if (!uuid) return;
  const [q] = await db
    .select({ sourceType: quotes.sourceType })
    .from(quotes)
    .where(and(eq(quotes.id, uuid), eq(quotes.platformId, platformId)));
  if (q) refuseRealtimeFunding(q);
}
