import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { beneficialOwners } from "@/db/schema";
import { sealIdentifier } from "@/lib/server/customers/seal-identifier";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { BeneficialOwnerUpdate } from "./beneficial-owner.contract";
import { toBeneficialOwner } from "./beneficial-owner-view";
import { findBeneficialOwnerOrThrow } from "./find-beneficial-owner";

/** PATCH: merge; the status is left alone (a settled owner is not re-decided by a rename). */
export async function updateBeneficialOwner(platform: PlatformPrincipal, id: string, patch: BeneficialOwnerUpdate) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await findBeneficialOwnerOrThrow(tx, platform.id, id);
    const { identifierEncrypted, ...info } = await sealIdentifier(patch.personalInfo ?? {}, current.id);
    const [row] = await tx
      .update(beneficialOwners)
      .set({
        roles: patch.roles ?? current.roles,
        ownershipPercentage: patch.ownershipPercentage ?? current.ownershipPercentage,
        personalInfo: { ...(current.personalInfo as Record<string, unknown>), ...info },
        identifierEncrypted: identifierEncrypted ?? current.identifierEncrypted,
        updatedAt: new Date(),
      })
      .where(eq(beneficialOwners.id, current.id))
      .returning();
    return toBeneficialOwner(row);
  });
}
