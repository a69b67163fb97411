import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";

/** Grid: "while verification is pending … block funding and money movement": 403 USER_NOT_READY unless APPROVED. */
export async function requireKycApproved(db: DbOrTx, customerId: string): Promise<void> {
  const [c] = await db
    .select({ kycStatus: customers.kycStatus, customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (c) checkKycApproved(c);
}

export function checkKycApproved(c: { kycStatus: string; customerType: string }): void {
  if (c.kycStatus !== "APPROVED") {
    const what = c.customerType === "BUSINESS" ? "KYB" : "KYC";
    throw new ApiError(
      "USER_NOT_READY",
      `The customer's ${what} status is ${c.kycStatus}; money moves only for APPROVED customers`,
      {
        kycStatus: c.kycStatus,
      },
    );
  }
}
