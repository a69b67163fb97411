import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import type { CustomerUpdate } from "./customer.contract";
import type { CustomerRow } from "./customer-view";
import { sealIdentifier } from "./seal-identifier";

export interface UpdateCustomerInput {
  platform: PlatformPrincipal;
  customerId: string;
  patch: CustomerUpdate;
}

/** Refusals that do not depend on state other than the customer itself (checked before any 202 too). */
export function checkPatchApplies(current: CustomerRow, patch: CustomerUpdate): void {
  if (current.customerType === "INDIVIDUAL" && (patch.legalName || patch.registrationNumber)) {
    throw new ApiError("INVALID_INPUT", "legalName and registrationNumber apply to BUSINESS customers", {
      errors: [{ field: patch.legalName ? "legalName" : "registrationNumber", message: "Not allowed for INDIVIDUAL customers" }],
    });
  }
}

/** Apply a patch to the customer row (inside the caller's transaction). */
export async function applyCustomerPatch(db: DbOrTx, current: CustomerRow, patch: CustomerUpdate): Promise<CustomerRow> {
  checkPatchApplies(current, patch);
  const { email, phoneNumber, ...rest } = patch;
  const profile = { ...(current.profile as Record<string, unknown>), ...(await sealIdentifier(rest, current.id)) };
  delete (profile as Record<string, unknown>).umaAddress;
  const [updated] = await db
    .update(customers)
    .set({
      email: email ?? current.email,
      phoneNumber: phoneNumber ?? current.phoneNumber,
      umaAddress: patch.umaAddress ?? current.umaAddress,
      profile,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, current.id))
    .returning();
  return updated;
}

