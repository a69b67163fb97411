import type { CustomerRow } from "./customer-view";

type Profile = Record<string, unknown> & { businessInfo?: Record<string, unknown> };

/** A profile field, also under `businessInfo` (Grid's BUSINESS shape) when the flat field is absent. */
export function profileField(row: CustomerRow, name: string): unknown {
  const p = row.profile as Profile;
  return p[name] ?? p.businessInfo?.[name];
}

export type KycStatus = "UNVERIFIED" | "PENDING" | "APPROVED" | "REJECTED";

/** The sandbox suffix: last three characters of fullName (KYC) or registrationNumber (KYB). */
export function sandboxSuffix(row: Pick<CustomerRow, "customerType" | "profile">): string {
  const name = profileField(row as CustomerRow, row.customerType === "BUSINESS" ? "registrationNumber" : "fullName");
  return typeof name === "string" ? name.slice(-3) : "";
}

/**
 * Creation-time status when the platform skips verification paperwork (Grid's sandbox page:
 * 001 → PENDING, 002 → REJECTED, 003 → UNVERIFIED, anything else → APPROVED).
 */
export function statusWithoutPaperwork(suffix: string): KycStatus {
  if (suffix === "001") return "PENDING";
  if (suffix === "002") return "REJECTED";
  if (suffix === "003") return "UNVERIFIED";
  return "APPROVED";
}
