import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { PlatformPrincipal } from "@/lib/http/principal";
import type { Customer, CustomerUpdate } from "./customer.contract";
import { toCustomer } from "./customer-view";
import { findCustomerOrThrow } from "./find-customer";

/**
 * Plain field updates. A change of `email` while an EMAIL_OTP credential is tied needs a wallet
 * signature; that path lives in lib/customers/change-customer-email.ts (signed retry).
 */
export async function updateCustomer(platform: PlatformPrincipal, customerId: string, patch: CustomerUpdate): Promise<Customer> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const current = await findCustomerOrThrow(tx, platform.id, customerId);
    const { email, phoneNumber, ...rest } = patch;
    if (current.customerType === "INDIVIDUAL" && (rest.legalName || rest.registrationNumber)) {
      throw new ApiError("INVALID_INPUT", "legalName and registrationNumber apply to BUSINESS customers", {
        errors: [{ field: rest.legalName ? "legalName" : "registrationNumber", message: "Not allowed for INDIVIDUAL customers" }],
      });
    }
    const profile = { ...(current.profile as Record<string, unknown>), ...rest };
    delete (profile as Record<string, unknown>).umaAddress;
    const [updated] = await tx
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
  });
  return toCustomer(row);
}
