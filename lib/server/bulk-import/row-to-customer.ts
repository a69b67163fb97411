import { bulkCustomerCreateSchema, type CustomerCreate } from "@/lib/server/customers/customer.contract";
import { toFieldErrors, type FieldError } from "@/lib/server/core/validation";

/** CSV field names as the customer API names them, so a row's errors name its columns. */
const FIELD_TO_COLUMN: Record<string, string> = {
  "businessInfo.legalName": "businessLegalName",
  "businessInfo.registrationNumber": "businessRegistrationNumber",
  "businessInfo.taxId": "businessTaxId",
  "address.line1": "addressLine1",
  "address.line2": "addressLine2",
  "address.city": "city",
  "address.state": "state",
  "address.postalCode": "postalCode",
  "address.country": "country",
};

/** Grid's CSV row → POST /customers body, validated by the same schema; empty cells are absent. */
export function rowToCustomer(
  record: Record<string, string>,
): { ok: true; input: CustomerCreate } | { ok: false; errors: FieldError[] } {
  const v = (k: string) => (record[k] === undefined || record[k] === "" ? undefined : record[k]);
  const hasAddress = ["addressLine1", "addressLine2", "city", "state", "postalCode", "country"].some(
    (k) => v(k) !== undefined,
  );
  const umaAddress = v("umaAddress");
  const body = {
    customerType: v("customerType"),
    platformCustomerId: v("platformCustomerId"),
    // Grid's example writes addresses without the leading `$`.
    umaAddress: umaAddress && !umaAddress.startsWith("$") ? `$${umaAddress}` : umaAddress,
    fullName: v("fullName"),
    birthDate: v("birthDate"),
    email: v("email"),
    businessInfo:
      v("customerType") === "BUSINESS" || v("businessLegalName") !== undefined
        ? withoutAbsent({
            legalName: v("businessLegalName"),
            registrationNumber: v("businessRegistrationNumber"),
            taxId: v("businessTaxId"),
            country: v("country"),
          })
        : undefined,
    address: hasAddress
      ? withoutAbsent({
          line1: v("addressLine1"),
          line2: v("addressLine2"),
          city: v("city"),
          state: v("state"),
          postalCode: v("postalCode"),
          country: v("country"),
        })
      : undefined,
  };
  // The create schema is strict: an empty cell is an absent field, not a field set to undefined.
  const parsed = bulkCustomerCreateSchema.safeParse(withoutAbsent(body));
  if (parsed.success) return { ok: true, input: parsed.data as CustomerCreate };
  return {
    ok: false,
    errors: toFieldErrors(parsed.error).map((e) => ({ ...e, field: FIELD_TO_COLUMN[e.field] ?? e.field })),
  };
}

function withoutAbsent<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;
}
