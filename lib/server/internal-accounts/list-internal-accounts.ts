import { eq, isNotNull, type SQL } from "drizzle-orm";
import { internalAccounts } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { listPage } from "@/db/list-page";
import { emptyPage } from "@/lib/server/core/pagination";
import { parseId } from "@/lib/shared/ids";
import { toInternalAccount } from "./internal-account-view";

export async function listCustomerInternalAccounts(
  platform: PlatformPrincipal,
  q: {
    limit: number;
    cursor?: string;
    customerId?: string;
    currency?: string;
    type?: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET";
  },
) {
  const where: SQL[] = [eq(internalAccounts.platformId, platform.id), isNotNull(internalAccounts.customerId)];
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    // An unknown or malformed customer id lists nothing, like another platform's customer.
    if (!uuid) return emptyPage();
    where.push(eq(internalAccounts.customerId, uuid));
  }
  if (q.type) where.push(eq(internalAccounts.type, q.type));
  if (q.currency) where.push(eq(internalAccounts.currency, q.currency));
  return listPage(internalAccounts, { ...q, filters: where }, (rows) => rows.map(toInternalAccount));
}
