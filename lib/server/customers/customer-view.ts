import type { InferSelectModel } from "drizzle-orm";
import type { customers } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import { contactVerificationView } from "./sca-region";
import { INDIVIDUAL_PROFILE_KEYS, type Customer } from "./customer.contract";

export type CustomerRow = InferSelectModel<typeof customers>;

const COMMON = ["region", "address", "endUserTermsConsent"] as const;
const INDIVIDUAL = [
  "fullName",
  "birthDate",
  "nationality",
  "idType",
  "countryOfIssuance",
  ...INDIVIDUAL_PROFILE_KEYS,
] as const;

/** Grid's CustomerOneOf: INDIVIDUAL carries `kycStatus` and the person's fields, BUSINESS `kybStatus` and `businessInfo`. */
export function toCustomer(row: CustomerRow): Customer {
  const p = row.profile as Record<string, unknown>;
  const out: Record<string, unknown> = {
    id: formatId("Customer", row.id),
    platformCustomerId: row.platformCustomerId,
    customerType: row.customerType,
    umaAddress: row.umaAddress,
    currencies: (p.currencies as string[] | undefined) ?? [],
    isDeleted: row.deletedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.email) out.email = row.email;
  if (row.phoneNumber) out.phoneNumber = row.phoneNumber;
  const contact = contactVerificationView(row);
  if (contact) out.contactVerification = contact;
  const keys = row.customerType === "BUSINESS" ? COMMON : [...COMMON, ...INDIVIDUAL];
  for (const k of keys) if (p[k] !== undefined && p[k] !== null) out[k] = p[k];
  if (row.customerType === "BUSINESS") {
    out.kybStatus = row.kycStatus;
    // Rows written before businessInfo kept legalName, registrationNumber and taxId at the top of the profile.
    const legacy = Object.fromEntries(
      ["legalName", "registrationNumber", "taxId"].filter((k) => p[k] != null).map((k) => [k, p[k]]),
    );
    const info = { ...legacy, ...((p.businessInfo as Record<string, unknown> | undefined) ?? {}) };
    if (Object.keys(info).length > 0) out.businessInfo = info;
  } else {
    out.kycStatus = row.kycStatus;
  }
  return out as Customer;
}
