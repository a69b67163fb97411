import type { NonceValidator } from "@uma-sdk/core";
import { getDb } from "@/db/client";
import { umaNonces } from "@/db/schema";

/** How old a signed UMA message may be, and how far ahead of this clock, in seconds. */
export const NONCE_WINDOW_S = 300;
const CLOCK_SKEW_S = 60;

/**
 * The library's NonceValidator on PostgreSQL: a nonce of `vaspDomain` is accepted once (the insert wins or not, on
 * every instance alike) and only with a timestamp inside the window; the sweeper deletes rows past it.
 */
export function nonceCache(vaspDomain: string): NonceValidator {
  return {
    async checkAndSaveNonce(nonce, timestampSec) {
      const now = Date.now() / 1000;
      if (!Number.isFinite(timestampSec) || timestampSec < now - NONCE_WINDOW_S || timestampSec > now + CLOCK_SKEW_S)
        return false;
      const saved = await (await getDb())
        .insert(umaNonces)
        .values({ vaspDomain: vaspDomain.toLowerCase(), nonce: String(nonce), signedAt: new Date(timestampSec * 1000) })
        .onConflictDoNothing()
        .returning({ nonce: umaNonces.nonce });
      return saved.length === 1;
    },
  };
}
