import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, kycLinks } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { closeCustomerCards } from "@/lib/server/cards/close-customer-cards";
import { toCustomer } from "@/lib/server/customers/customer-view";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";

/**
 * DELETE /customers/{customerId}: soft delete (see deleteCustomerOp). In the same transaction, what the customer
 * could still be reached through ends: its cards close (and their reveal links are spent), its hosted KYC links
 * expire. The card and KYC paths check deletion too (lib/server/cards, lib/server/hosted-kyc), for rows deleted before this rule.
 */
export async function deleteCustomer(platform: PlatformPrincipal, customerId: string) {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const current = await findCustomerOrThrow(tx, platform.id, customerId, { forUpdate: true, includeDeleted: true });
    if (current.deletedAt) throw new ApiError("CUSTOMER_DELETED", `Customer ${customerId} was already deleted`);
    const now = new Date();
    const [deleted] = await tx
      .update(customers)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(customers.id, current.id))
      .returning();
    await closeCustomerCards(tx, platform.id, current.id);
    await tx
      .update(kycLinks)
      .set({ usedAt: now })
      .where(and(eq(kycLinks.customerId, current.id), isNull(kycLinks.usedAt)));
    return deleted;
  });
  return toCustomer(row);
}
