/** Helpers for KYC/KYB tests. */

/** A complete beneficial owner `personalInfo` (a US person). */
export const ownerInfo = (extra: Record<string, unknown> = {}) => ({
  firstName: "Olivia",
  lastName: "Owner",
  birthDate: "1980-02-03",
  nationality: "US",
  address: { line1: "1 Main St", city: "Austin", postalCode: "73301", country: "US" },
  idType: "SSN",
  identifier: "987-65-4321",
  ...extra,
});
