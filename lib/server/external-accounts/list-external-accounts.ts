import { eq, type SQL } from "drizzle-orm";
import { externalAccounts } from "@/db/schema";
import { listPage } from "@/db/list-page";
import { emptyPage } from "@/lib/server/core/pagination";
import { parseId } from "@/lib/shared/ids";
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
  const where: SQL[] = [scopeWhere(scope)];
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    if (!uuid) return emptyPage();
    where.push(eq(externalAccounts.customerId, uuid));
  }
  if (q.currency) where.push(eq(externalAccounts.currency, q.currency));
  if (q.status) where.push(eq(externalAccounts.status, q.status as never));
  return listPage(externalAccounts, { ...q, filters: where }, (rows) => rows.map(toExternalAccount));
}
