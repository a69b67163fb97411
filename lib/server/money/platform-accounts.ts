import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { newUuid } from "@/lib/shared/ids";
import { CURRENCIES } from "./currencies";

const CRYPTO = new Set(["USDC", "BTC"]);

/**
 * The platform's own internal accounts (no customer), one per known currency (USDB lives in embedded wallets). Every
 * path that needs one calls this first, so that they exist without a prior list call (a real-time-funded quote of the
 * platform, as Grid's pages send it, names no account). Idempotent under a unique index: concurrent first uses on two
 * instances create each account once.
 */
export async function ensurePlatformAccounts(db: DbOrTx, platformId: string): Promise<void> {
  await db
    .insert(internalAccounts)
    .values(
      Object.entries(CURRENCIES)
        .filter(([code]) => code !== "USDB")
        .map(([code, c]) => ({
          id: newUuid(),
          platformId,
          customerId: null,
          type: CRYPTO.has(code) ? ("INTERNAL_CRYPTO" as const) : ("INTERNAL_FIAT" as const),
          status: "ACTIVE" as const,
          currency: code,
          decimals: c.decimals,
        })),
    )
    .onConflictDoNothing();
}
