import { invalidInput } from "@/lib/server/core/validation";
import type { DbOrTx } from "@/db/client";
import { findBeneficialOwnerOrThrow } from "@/lib/server/beneficial-owners/find-beneficial-owner";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";

/** `documentHolder` (Customer:… or BeneficialOwner:…) of this platform → the owning customer; 404 for anyone else's. */
export async function resolveHolder(
  db: DbOrTx,
  platformId: string,
  holder: string,
): Promise<{ customerId: string; beneficialOwnerId: string | null }> {
  if (holder.startsWith("Customer:"))
    return { customerId: (await findCustomerOrThrow(db, platformId, holder)).id, beneficialOwnerId: null };
  if (holder.startsWith("BeneficialOwner:")) {
    const owner = await findBeneficialOwnerOrThrow(db, platformId, holder);
    return { customerId: owner.customerId, beneficialOwnerId: owner.id };
  }
  throw invalidInput(
    [{ field: "documentHolder", message: "Expected Customer:<uuid> or BeneficialOwner:<uuid>" }],
    "documentHolder must be a Customer or BeneficialOwner id",
  );
}
