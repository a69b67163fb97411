import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";

/**
 * Whether a card's customer was deleted. Deleting a customer closes its cards in the same transaction
 * (lib/server/customers/deletion); this check also covers a card left open by a deletion made before that rule.
 */
export async function customerDeleted(db: DbOrTx, customerUuid: string): Promise<boolean> {
  const [c] = await db.select({ deletedAt: customers.deletedAt }).from(customers).where(eq(customers.id, customerUuid));
  return !c || c.deletedAt !== null;
}
