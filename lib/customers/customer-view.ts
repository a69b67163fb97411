import type { InferSelectModel } from "drizzle-orm";
import type { customers } from "@/db/schema";
import { formatId } from "@/lib/ids";
import { contactVerificationView } from "./sca-region";
import type { Customer } from "./customer.contract";

export type CustomerRow = InferSelectModel<typeof customers>;

export function toCustomer(row: CustomerRow): Customer {
  const p = row.profile as Record<string, unknown>;
  const out: Record<string, unknown> = {
    id: formatId("Customer", row.id),
    platformCustomerId: row.platformCustomerId,
    customerType: row.customerType,
    umaAddress: row.umaAddress,
    currencies: (p.currencies as string[] | undefined) ?? [],
    kycStatus: row.kycStatus,
    isDeleted: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.customerType === "BUSINESS") out.kybStatus = row.kycStatus;
  const contact = contactVerificationView(row);
  if (contact) out.contactVerification = contact;
  if (row.email) out.email = row.email;
  if (row.phoneNumber) out.phoneNumber = row.phoneNumber;
  for (const k of ["fullName", "birthDate", "nationality", "region", "address", "idType", "countryOfIssuance", "legalName", "registrationNumber", "taxId", "endUserTermsConsent"]) {
    if (p[k] !== undefined && p[k] !== null) out[k] = p[k];
  }
  return out as Customer;
}
