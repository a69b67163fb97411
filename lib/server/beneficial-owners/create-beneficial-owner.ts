import { invalidInput } from "@/lib/server/core/validation";
import { getDb } from "@/db/client";
import { beneficialOwners } from "@/db/schema";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { sealIdentifier } from "@/lib/server/customers/seal-identifier";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import type { BeneficialOwnerCreate } from "./beneficial-owner.contract";
import { toBeneficialOwner } from "./beneficial-owner-view";
import { ownerKycStatus } from "./owner-kyc-status";

export async function createBeneficialOwner(platform: PlatformPrincipal, input: BeneficialOwnerCreate) {
  const db = await getDb();
  const customer = await findCustomerOrThrow(db, platform.id, input.customerId);
  if (customer.customerType !== "BUSINESS") {
    throw invalidInput(
      [{ field: "customerId", message: "Must be a BUSINESS customer" }],
      "Beneficial owners belong to BUSINESS customers",
    );
  }
  const id = newUuid();
  const { identifierEncrypted, ...personalInfo } = await sealIdentifier(input.personalInfo, id);
  const [row] = await db
    .insert(beneficialOwners)
    .values({
      id,
      platformId: platform.id,
      customerId: customer.id,
      roles: input.roles,
      ownershipPercentage: input.ownershipPercentage,
      personalInfo,
      identifierEncrypted: identifierEncrypted ?? null,
      kycStatus: ownerKycStatus(customer.kycStatus, input.personalInfo.lastName),
    })
    .returning();
  return toBeneficialOwner(row);
}
