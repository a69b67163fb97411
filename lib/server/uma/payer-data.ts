/**
 * Grid's CustomerInfoFieldName values and the UMA payer-data keys they travel as (UMAD-04 `payerData` options,
 * UMAD-05 the pay request's `payerData`): `name`, `email` and `identifier` are UMA's own; the others are the
 * camel-case keys UMA lets a VASP ask for beyond them. A field with no key here is not asked of other VASPs.
 */
export const UMA_PAYER_KEY: Record<string, string> = {
  FULL_NAME: "name",
  EMAIL: "email",
  BIRTH_DATE: "birthDate",
  NATIONALITY: "nationality",
  COUNTRY_OF_RESIDENCE: "countryOfResidence",
  PHONE_NUMBER: "phoneNumber",
  POSTAL_ADDRESS: "postalAddress",
  TAX_ID: "taxId",
  COMPANY_LEGAL_NAME: "companyName",
  REGISTRATION_NUMBER: "registrationNumber",
  BUSINESS_TYPE: "businessType",
  USER_TYPE: "userType",
};

const GRID_FIELD = new Map(Object.entries(UMA_PAYER_KEY).map(([grid, uma]) => [uma, grid]));

/** UMA's payerData options (LNURLP response) as Grid's requiredPayerDataFields; identifier and compliance are UMA's own. */
export function gridPayerFields(options: Record<string, { mandatory: boolean }> | undefined) {
  return Object.entries(options ?? {}).flatMap(([key, o]) => {
    const name = GRID_FIELD.get(key);
    return name ? [{ name, mandatory: o.mandatory === true }] : [];
  });
}

/** Grid's required fields as UMA's payerData options, with the identifier and compliance data UMA always asks. */
export function umaPayerOptions(fields: { name: string; mandatory: boolean }[]) {
  const options: Record<string, { mandatory: boolean }> = {
    identifier: { mandatory: true },
    compliance: { mandatory: true },
    name: { mandatory: false },
    email: { mandatory: false },
  };
  for (const f of fields) {
    const key = UMA_PAYER_KEY[f.name];
    if (key) options[key] = { mandatory: f.mandatory || options[key]?.mandatory === true };
  }
  return options;
}

/** What a receiving VASP's payeeData says of the receiver, by Grid's field names (Grid's counterpartyInformation). */
export function gridCounterpartyInfo(payeeData: Record<string, unknown> | undefined): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payeeData ?? {})) {
    const name = GRID_FIELD.get(key);
    if (name && (typeof value === "string" || typeof value === "number") && String(value).length <= 500)
      out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}
