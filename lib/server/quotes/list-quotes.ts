import { and, eq, gt, gte, inArray, lt, lte, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { internalAccounts, quotes } from "@/db/schema";
import { listPage } from "@/db/list-page";
import { emptyPage } from "@/lib/server/core/pagination";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import type { QuoteFilters } from "./quote.contract";
import { toQuote } from "./quote-view";

/**
 * GET /quotes with Grid's filters. EXPIRED is shown, not stored (a PENDING quote past expiresAt), so the
 * status filter reads it the same way. No quote here has a UMA address: those filters match nothing.
 */
export async function listQuotes(platform: PlatformPrincipal, q: QuoteFilters) {
  const db = await getDb();
  const where: SQL[] = [eq(quotes.platformId, platform.id)];
  if (q.sendingUmaAddress !== undefined || q.receivingUmaAddress !== undefined) return emptyPage();
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    if (!uuid) return emptyPage();
    where.push(eq(quotes.customerId, uuid));
  }
  if (q.sendingAccountId !== undefined) {
    const uuid = parseId("InternalAccount", q.sendingAccountId);
    if (!uuid) return emptyPage();
    where.push(eq(quotes.sourceAccountId, uuid));
  }
  if (q.receivingAccountId !== undefined) {
    const uuid = parseId("InternalAccount", q.receivingAccountId) ?? parseId("ExternalAccount", q.receivingAccountId);
    if (!uuid) return emptyPage();
    where.push(eq(quotes.destinationAccountId, uuid));
  }
  const now = new Date();
  if (q.status === "EXPIRED") where.push(eq(quotes.status, "PENDING"), lte(quotes.expiresAt, now));
  else if (q.status === "PENDING") where.push(eq(quotes.status, "PENDING"), gt(quotes.expiresAt, now));
  else if (q.status) where.push(eq(quotes.status, q.status));
  if (q.createdAfter) where.push(gte(quotes.createdAt, new Date(q.createdAfter)));
  if (q.createdBefore) where.push(lt(quotes.createdAt, new Date(q.createdBefore)));
  return listPage(
    quotes,
    { ...q, sortOrder: "desc", filters: where },
    async (rows) => {
      const sources = [...new Set(rows.map((r) => r.sourceAccountId))];
      const wallets = new Set(
        sources.length === 0
          ? []
          : (
              await db
                .select({ id: internalAccounts.id })
                .from(internalAccounts)
                .where(and(inArray(internalAccounts.id, sources), eq(internalAccounts.type, "EMBEDDED_WALLET")))
            ).map((a) => a.id),
      );
      return rows.map((r) => toQuote(r, { embeddedWalletSource: wallets.has(r.sourceAccountId) }));
    },
    db,
  );
}
