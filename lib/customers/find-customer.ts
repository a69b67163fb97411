import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { notFound } from "@/lib/api-core/errors";
import { parseId } from "@/lib/ids";
import type { CustomerRow } from "./customer-view";

/** A customer of this platform, or 404 USER_NOT_FOUND (the same for another platform's customer). */
export async function findCustomerOrThrow(db: DbOrTx, platformId: string, customerId: string): Promise<CustomerRow> {
  const uuid = parseId("Customer", customerId);
  if (uuid) {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, uuid), eq(customers.platformId, platformId)))
      .limit(1);
    if (row) return row;
  }
  throw notFound("USER_NOT_FOUND", "Customer", customerId);
}
