import { and, asc, eq, gt, isNotNull, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { toInternalAccount } from "./internal-account-view";

export async function listCustomerInternalAccounts(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; customerId?: string; type?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET" },
) {
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(internalAccounts.platformId, platform.id), isNotNull(internalAccounts.customerId)];
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    // An unknown or malformed customer id lists nothing, like another platform's customer.
    if (!uuid) return { data: [], hasMore: false };
    where.push(eq(internalAccounts.customerId, uuid));
  }
  if (q.type) where.push(eq(internalAccounts.type, q.type));
  if (after) where.push(gt(internalAccounts.id, after));
  const db = await getDb();
  const rows = await db
    .select()
    .from(internalAccounts)
    .where(and(...where))
    .orderBy(asc(internalAccounts.id))
    .limit(q.limit + 1);
  return page(rows, q.limit, toInternalAccount);
}
