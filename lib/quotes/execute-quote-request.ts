import { getDb } from "@/db/client";
import { reply } from "@/lib/api-core/reply";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import type { SignedCall } from "@/lib/signed-retry/signed-operation";
import type { ScaFactor } from "@/lib/sca/sca-factors";
import { executeQuote } from "./execute-quote";
import { executeWalletQuote, quoteNeedsWalletSignature } from "./execute-wallet-quote";

/** POST /quotes/{id}/execute: a wallet source goes through the signed retry; any other executes at once. */
export async function executeQuoteRequest(
  call: SignedCall<{ platform: PlatformPrincipal; quoteId: string; scaFactor?: ScaFactor }>,
) {
  const db = await getDb();
  if (await quoteNeedsWalletSignature(db, call.platform.id, call.input.quoteId)) return executeWalletQuote(call);
  return reply(200, await executeQuote(call.platform, call.input.quoteId, { scaFactor: call.input.scaFactor }));
}
