import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { externalAccounts } from "@/db/schema";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { toExternalAccount } from "./external-account-view";
import { scopeWhere, type OwnerScope } from "./owner-scope";

export interface ExternalAccountFilters {
  limit: number;
  cursor?: string;
  customerId?: string;
  currency?: string;
  status?: string;
}

/** A page of external accounts in the scope. A customerId of another platform (or malformed) gives an empty page. */
export async function listExternalAccounts(scope: OwnerScope, q: ExternalAccountFilters) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [scopeWhere(scope)];
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    if (!uuid) return { data: [], hasMore: false };
    where.push(eq(externalAccounts.customerId, uuid));
  }
  if (after) where.push(gt(externalAccounts.id, after));
  if (q.currency) where.push(eq(externalAccounts.currency, q.currency));
  if (q.status) where.push(eq(externalAccounts.status, q.status as never));
  const rows = await db
    .select()
    .from(externalAccounts)
    .where(and(...where))
    .orderBy(asc(externalAccounts.id))
    .limit(q.limit + 1);
  return page(rows, q.limit, toExternalAccount);
}
