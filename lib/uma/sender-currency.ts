import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, internalAccounts } from "@/db/schema";
import { notFound } from "@/lib/api-core/errors";
import { parseId } from "@/lib/ids";

/** The sending customer (when named) and the currency its first fiat account holds; USD otherwise. */
export async function resolveCustomerCurrency(db: DbOrTx, platformId: string, customerId?: string): Promise<{ customerId: string | null; currency: string }> {
  if (customerId === undefined) return { customerId: null, currency: "USD" };
  const uuid = parseId("Customer", customerId);
  const [c] = uuid ? await db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, uuid), eq(customers.platformId, platformId))) : [];
  if (!c) throw notFound("USER_NOT_FOUND", "Customer", customerId);
  const [acct] = await db
    .select({ currency: internalAccounts.currency })
    .from(internalAccounts)
    .where(and(eq(internalAccounts.customerId, c.id), eq(internalAccounts.type, "INTERNAL_FIAT")))
    .orderBy(asc(internalAccounts.id))
    .limit(1);
  return { customerId: c.id, currency: acct?.currency ?? "USD" };
}
