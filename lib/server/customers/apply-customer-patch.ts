import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, scaStates } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import { invalidInput } from "@/lib/server/core/validation";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { INDIVIDUAL_ONLY, type CustomerUpdate } from "./customer.contract";
import type { CustomerRow } from "./customer-view";
import { provisionMissingCurrencyAccounts } from "@/lib/server/internal-accounts/provision-currency-accounts";
import { isUniqueViolation } from "@/db/errors";
import { umaAddressTaken } from "./create-customer";
import { isScaRegion } from "./sca-region";
import { sealIdentifier } from "./seal-identifier";

export interface UpdateCustomerInput {
  platform: PlatformPrincipal;
  customerId: string;
  patch: CustomerUpdate;
}

/** Refusals that do not depend on state other than the customer itself (checked before any 202 too). */
export function checkPatchApplies(current: CustomerRow, patch: CustomerUpdate): void {
  if (patch.customerType !== undefined && patch.customerType !== current.customerType) {
    throw invalidInput([
      {
        field: "customerType",
        constraint: { enum: [current.customerType] },
        message: `The customer is ${current.customerType}; the type cannot change`,
      },
    ]);
  }
  const foreign = current.customerType === "INDIVIDUAL" ? (["businessInfo"] as const) : INDIVIDUAL_ONLY;
  const errors = foreign
    .filter((f) => patch[f] !== undefined)
    .map((f) => ({ field: f, message: `Not a field of ${current.customerType} customers` }));
  if (errors.length > 0) throw invalidInput(errors);
}

/** Apply a patch to the customer row (inside the caller's transaction). */
export async function applyCustomerPatch(
  db: DbOrTx,
  current: CustomerRow,
  patch: CustomerUpdate,
): Promise<CustomerRow> {
  checkPatchApplies(current, patch);
  const { email, phoneNumber, customerType: _type, businessInfo, ...rest } = patch;
  const stored = current.profile as Record<string, unknown>;
  const profile: Record<string, unknown> = { ...stored, ...(await sealIdentifier(rest, current.id)) };
  if (businessInfo) profile.businessInfo = { ...((stored.businessInfo as object | undefined) ?? {}), ...businessInfo };
  delete profile.umaAddress;
  await refuseLeavingScaRegion(db, current, profile);
  const write = db
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
  let updated: CustomerRow;
  try {
    [updated] = await write;
  } catch (e) {
    if (patch.umaAddress && isUniqueViolation(e, "customers_uma_address_uq")) throw umaAddressTaken(patch.umaAddress);
    throw e;
  }
  if (patch.currencies)
    await provisionMissingCurrencyAccounts(db, {
      platformId: current.platformId,
      customerId: current.id,
      currencies: patch.currencies,
    });
  return updated;
}

/**
 * The region decides whether SCA and contact verification apply (lib/server/customers/sca-region.ts). Once a customer of a
 * mandated region has SCA or contact-verification state, the platform may not move it out of that region: a patch of
 * `region` (or of the address country it falls back to) would otherwise switch SCA off for a payment and back on.
 */
async function refuseLeavingScaRegion(db: DbOrTx, current: CustomerRow, profile: Record<string, unknown>) {
  if (!isScaRegion(current) || isScaRegion({ profile })) return;
  const verified = Object.keys(current.contactVerified ?? {}).length > 0;
  const [sca] = verified
    ? [true]
    : await db.select({ id: scaStates.customerId }).from(scaStates).where(eq(scaStates.customerId, current.id));
  if (!sca) return;
  const field = (profile as { region?: unknown }).region !== undefined ? "region" : "address.country";
  throw new ApiError(
    "CONFLICT",
    `The customer has SCA or contact-verification state in an SCA region; ${field} cannot move it out of that region`,
    { field },
  );
}
