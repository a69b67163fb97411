import type { InferSelectModel } from "drizzle-orm";
import type { beneficialOwners } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { BeneficialOwner } from "./beneficial-owner.contract";

export type BeneficialOwnerRow = InferSelectModel<typeof beneficialOwners>;

export function toBeneficialOwner(row: BeneficialOwnerRow): BeneficialOwner {
  return {
    id: formatId("BeneficialOwner", row.id),
    customerId: formatId("Customer", row.customerId),
    roles: row.roles as BeneficialOwner["roles"],
    ownershipPercentage: row.ownershipPercentage,
    personalInfo: row.personalInfo as BeneficialOwner["personalInfo"],
    kycStatus: row.kycStatus as BeneficialOwner["kycStatus"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
