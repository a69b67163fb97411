import { invalidInput } from "@/lib/server/core/validation";
import type { ApiError } from "@/lib/server/core/errors";
import type { CustomerRow } from "@/lib/server/customers/customer-view";

/**
 * The beneficiary of an account linked through Plaid: the customer (the account is theirs, Plaid
 * authenticated them at their bank), from the customer's own fields. 400 when the name is missing.
 */
export function plaidBeneficiary(customer: CustomerRow): Record<string, unknown> {
  const p = customer.profile as Record<string, unknown>;
  const pick = (keys: string[]) =>
    Object.fromEntries(keys.filter((k) => p[k] !== undefined && p[k] !== null).map((k) => [k, p[k]]));
  if (customer.customerType === "BUSINESS") {
    const info = (p.businessInfo as Record<string, unknown> | undefined) ?? {};
    const legalName = info.legalName ?? p.legalName;
    if (typeof legalName !== "string" || !legalName) throw missingName("businessInfo.legalName");
    return { beneficiaryType: "BUSINESS", legalName, ...pick(["address"]) };
  }
  if (typeof p.fullName !== "string" || !p.fullName) throw missingName("fullName");
  return { beneficiaryType: "INDIVIDUAL", ...pick(["fullName", "birthDate", "nationality", "address"]) };
}

function missingName(field: string): ApiError {
  return invalidInput(
    [{ field: "customerId", message: `The customer's ${field} is required to link a bank account; set it first` }],
    "The customer has no name for the bank account's beneficiary",
  );
}
