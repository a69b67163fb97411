import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { ensurePlatformAccounts } from "@/lib/server/money/platform-accounts";
import { toInternalAccount } from "./internal-account-view";

/**
 * GET /platform/internal-accounts: the platform's own accounts (no customer), one per known currency
 * (USDB lives in embedded wallets), made on first use (lib/server/money/platform-accounts.ts).
 */
export async function listPlatformInternalAccounts(
  platform: PlatformPrincipal,
  q: { currency?: string; type?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET" },
) {
  const db = await getDb();
  await ensurePlatformAccounts(db, platform.id);
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
