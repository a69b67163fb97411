import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { customers } from "@/db/schema";
import { toCustomer, type CustomerRow } from "@/lib/server/customers/customer-view";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import type { KycStatus } from "@/lib/server/customers/kyc-status";
import { kycEvent } from "@/lib/server/customers/customer.contract";

/**
 * Change a customer's KYC (KYB) status and, when it changes to one Grid announces, write
 * CUSTOMER.KYC_<status> (CUSTOMER.KYB_<status> for BUSINESS) in the same transaction.
 */
export async function setKycStatus(tx: Tx, row: CustomerRow, status: KycStatus): Promise<CustomerRow> {
  if (row.kycStatus === status) return row;
  const [updated] = await tx
    .update(customers)
    .set({ kycStatus: status, updatedAt: new Date() })
    .where(eq(customers.id, row.id))
    .returning();
  if (status !== "UNVERIFIED") {
    await emitEvent(tx, kycEvent(row.customerType, status), {
      platformId: row.platformId,
      data: toCustomer(updated),
    });
  }
  return updated;
}
