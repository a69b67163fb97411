import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { beneficialOwners } from "@/db/schema";

/**
 * A beneficial owner's KYC follows its business (Grid's sandbox page): when the business settles, each
 * owner resolves by the last three characters of `lastName` (001 → PENDING, 002 → REJECTED, other → APPROVED);
 * before that it is UNVERIFIED, or PENDING while the business waits for review.
 */
type KycStatus = "UNVERIFIED" | "PENDING" | "APPROVED" | "REJECTED";

export function ownerKycStatus(businessStatus: string, lastName: string): KycStatus {
  if (businessStatus === "PENDING") return "PENDING";
  if (businessStatus !== "APPROVED" && businessStatus !== "REJECTED") return "UNVERIFIED";
  const suffix = lastName.slice(-3);
  if (suffix === "001") return "PENDING";
  if (suffix === "002") return "REJECTED";
  return "APPROVED";
}

/** Re-decide every owner of a business whose status just changed (inside the caller's transaction). */
export async function resolveOwners(tx: Tx, customerUuid: string, businessStatus: string): Promise<void> {
  const owners = await tx.select().from(beneficialOwners).where(eq(beneficialOwners.customerId, customerUuid));
  for (const o of owners) {
    const status = ownerKycStatus(businessStatus, String((o.personalInfo as { lastName?: string }).lastName ?? ""));
    if (status !== o.kycStatus)
      await tx
        .update(beneficialOwners)
        .set({ kycStatus: status, updatedAt: new Date() })
        .where(eq(beneficialOwners.id, o.id));
  }
}
