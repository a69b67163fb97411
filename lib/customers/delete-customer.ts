import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { toCustomer } from "./customer-view";
import { findCustomerOrThrow } from "./find-customer";

/** DELETE /customers/{customerId}: soft delete (see deleteCustomerOp). */
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
    return deleted;
  });
  return toCustomer(row);
}
