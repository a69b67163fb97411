import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { CustomerRow } from "./customer-view";

/**
 * A customer of this platform, or 404 USER_NOT_FOUND (the same for another platform's customer). A soft-deleted
 * customer is not found either (every operation that names it answers 404, as Grid's do), except where
 * `includeDeleted` says so: GET /customers/{id} (it shows `isDeleted: true`) and DELETE (410 the second time).
 */
export async function findCustomerOrThrow(
  db: DbOrTx,
  platformId: string,
  customerId: string,
  opts: { forUpdate?: boolean; includeDeleted?: boolean } = {},
): Promise<CustomerRow> {
  const uuid = parseId("Customer", customerId);
  if (uuid) {
    const q = db
      .select()
      .from(customers)
      .where(and(eq(customers.id, uuid), eq(customers.platformId, platformId)))
      .limit(1);
    const [row] = opts.forUpdate ? await q.for("update") : await q;
    if (row && (opts.includeDeleted || row.deletedAt === null)) return row;
  }
  throw notFound("USER_NOT_FOUND", "Customer", customerId);
}
