import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { firstFiatCurrency } from "@/lib/server/internal-accounts/first-fiat-currency";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";

/** The sending customer (when named) and the currency its first fiat account holds; USD otherwise. */
export async function resolveCustomerCurrency(
  db: DbOrTx,
  platformId: string,
  customerId?: string,
): Promise<{ customerId: string | null; currency: string }> {
  if (customerId === undefined) return { customerId: null, currency: "USD" };
  const uuid = parseId("Customer", customerId);
  const [c] = uuid
    ? await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, uuid), eq(customers.platformId, platformId), isNull(customers.deletedAt)))
    : [];
  if (!c) throw notFound("USER_NOT_FOUND", "Customer", customerId);
  return { customerId: c.id, currency: await firstFiatCurrency(db, c.id) };
}
