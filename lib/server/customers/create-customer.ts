import { getDb, type DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { provisionCurrencyAccounts } from "@/lib/server/internal-accounts/provision-currency-accounts";
import { provisionEmbeddedWallet } from "@/lib/server/internal-accounts/provision-embedded-wallet";
import type { Customer, CustomerCreate } from "./customer.contract";
import { toCustomer } from "./customer-view";
import { isUniqueViolation } from "@/db/errors";
import { initialKycStatus } from "./initial-kyc-status";
import { sealIdentifier } from "./seal-identifier";
import { defined } from "@/lib/shared/invariant";

/** The customers row of a new customer (defaults for platformCustomerId and umaAddress, its first KYC status, the identifier sealed). */
export async function newCustomerRow(
  platform: PlatformPrincipal,
  input: CustomerCreate,
): Promise<typeof customers.$inferInsert & { id: string; platformCustomerId: string }> {
  const id = newUuid();
  const platformCustomerId = input.platformCustomerId ?? `pcid_${id.replace(/-/g, "").slice(-16)}`;
  const umaAddress =
    input.umaAddress ??
    `$u${id.replace(/-/g, "").slice(-12)}@uma.${platform.environment === "SANDBOX" ? "sandbox." : ""}localhost`;
  const { customerType, email, phoneNumber, platformCustomerId: _p, umaAddress: _u, ...fields } = input;
  const profile = await sealIdentifier(fields, id);
  return {
    id,
    platformId: platform.id,
    platformCustomerId,
    customerType: defined(customerType, "customerType (the contract requires it)"),
    email: email ?? null,
    phoneNumber: phoneNumber ?? null,
    umaAddress,
    kycStatus: initialKycStatus(platform, { customerType, profile }),
    profile,
  };
}

/** With `conn` a transaction (the bulk import), the customer is written in a savepoint of it. */
export async function createCustomer(
  platform: PlatformPrincipal,
  input: CustomerCreate,
  conn?: DbOrTx,
): Promise<Customer> {
  const db = conn ?? (await getDb());
  const values = await newCustomerRow(platform, input);
  const { id, platformCustomerId } = values;
  const email = input.email;
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(customers).values(values).returning();
      if (email) await provisionEmbeddedWallet(tx, { platformId: platform.id, customerId: id, email });
      await provisionCurrencyAccounts(tx, {
        platformId: platform.id,
        customerId: id,
        currencies: input.currencies ?? [],
      });
      return created;
    });
    return toCustomer(row);
  } catch (e) {
    if (isUniqueViolation(e, "customers_platform_customer_id_uq")) {
      throw new ApiError("CONFLICT", `A customer with platformCustomerId ${platformCustomerId} already exists`, {
        field: "platformCustomerId",
      });
    }
    if (isUniqueViolation(e, "customers_uma_address_uq")) throw umaAddressTaken(values.umaAddress);
    throw e;
  }
}

/** 409 for an UMA address another customer (of any platform) already has; which platform holds it is not said. */
export function umaAddressTaken(umaAddress: string): ApiError {
  return new ApiError("CONFLICT", `The UMA address ${umaAddress} is already in use`, { field: "umaAddress" });
}
