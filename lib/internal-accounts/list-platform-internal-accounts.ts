import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { newUuid } from "@/lib/ids";
import { CURRENCIES } from "@/lib/money/currencies";
import { toInternalAccount } from "./internal-account-view";

const CRYPTO = new Set(["USDC", "BTC"]);

/**
 * GET /platform/internal-accounts: the platform's own accounts (no customer), one per known currency
 * (USDB lives in embedded wallets). They exist from the first read on: the insert is idempotent under a
 * unique index, so concurrent first reads on two instances create each account once.
 */
export async function listPlatformInternalAccounts(
  platform: PlatformPrincipal,
  q: { currency?: string; type?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET" },
) {
  const db = await getDb();
  await db
    .insert(internalAccounts)
    .values(
      Object.entries(CURRENCIES)
        .filter(([code]) => code !== "USDB")
        .map(([code, c]) => ({
          id: newUuid(),
          platformId: platform.id,
          customerId: null,
          type: CRYPTO.has(code) ? ("INTERNAL_CRYPTO" as const) : ("INTERNAL_FIAT" as const),
          status: "ACTIVE" as const,
          currency: code,
          decimals: c.decimals,
        })),
    )
    .onConflictDoNothing();
  const where: SQL[] = [eq(internalAccounts.platformId, platform.id), isNull(internalAccounts.customerId)];
  if (q.currency) where.push(eq(internalAccounts.currency, q.currency));
  if (q.type) where.push(eq(internalAccounts.type, q.type));
  const rows = await db
    .select()
    .from(internalAccounts)
    .where(and(...where))
    .orderBy(asc(internalAccounts.id));
  return { data: rows.map(toInternalAccount) };
}
