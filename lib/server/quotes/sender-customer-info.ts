import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";

type PayerField = { name: string; mandatory: boolean };

/** Grid's CustomerInfoFieldName values the customer's own record can answer (Grid: senderCustomerInfo is for what it lacks). */
function fromProfile(row: typeof customers.$inferSelect | undefined): Record<string, unknown> {
  if (!row) return {};
  const p = row.profile as Record<string, unknown>;
  const business = { ...p, ...((p.businessInfo as Record<string, unknown> | undefined) ?? {}) };
  const known: Record<string, unknown> = {
    FULL_NAME: row.customerType === "BUSINESS" ? business.legalName : p.fullName,
    COMPANY_LEGAL_NAME: row.customerType === "BUSINESS" ? business.legalName : undefined,
    BIRTH_DATE: p.birthDate,
    NATIONALITY: p.nationality,
    EMAIL: row.email,
    PHONE_NUMBER: row.phoneNumber,
    POSTAL_ADDRESS: p.address,
    COUNTRY_OF_RESIDENCE: (p.address as { country?: string } | undefined)?.country,
    TAX_ID: row.customerType === "BUSINESS" ? business.taxId : undefined,
    REGISTRATION_NUMBER: row.customerType === "BUSINESS" ? business.registrationNumber : undefined,
    BUSINESS_TYPE: row.customerType === "BUSINESS" ? business.businessType : undefined,
    USER_TYPE: row.customerType,
  };
  return Object.fromEntries(Object.entries(known).filter(([, v]) => present(v)));
}

const present = (v: unknown) => v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");

/**
 * The payer data a receiver asked for (a lookup's or UMA receiver's requiredPayerDataFields): every mandatory
 * field must be in `senderCustomerInfo` or known from the sending customer's record (the platform's name when the
 * platform's own account pays), else 400
 * MISSING_MANDATORY_USER_INFO naming each missing field (Grid's code for sender info the destination requires).
 */
export async function checkSenderCustomerInfo(
  db: DbOrTx,
  required: PayerField[] | undefined,
  payer: { customerId: string | null; platformName: string },
  sent: Record<string, unknown> | undefined,
): Promise<void> {
  const mandatory = (required ?? []).filter((f) => f.mandatory).map((f) => f.name);
  if (mandatory.length === 0) return;
  const { known } = await payerValues(db, payer, sent);
  const missing = mandatory.filter((name) => !(name in known));
  if (missing.length === 0) return;
  throw new ApiError(
    "MISSING_MANDATORY_USER_INFO",
    `The receiver requires payer data not given: ${missing.join(", ")}`,
    {
      missingFields: missing,
      errors: missing.map((name) => ({
        field: `senderCustomerInfo.${name}`,
        message: "Required by the receiver (requiredPayerDataFields) and unknown for this customer",
      })),
    },
  );
}

/** What is known of the payer by Grid's field names: its record, overridden by what the quote's senderCustomerInfo says. */
export async function payerValues(
  db: DbOrTx,
  payer: { customerId: string | null; platformName: string },
  sent: Record<string, unknown> | undefined,
) {
  const { customerId } = payer;
  const [row] = customerId ? await db.select().from(customers).where(eq(customers.id, customerId)) : [];
  const known: Record<string, unknown> = {
    // The platform's own account pays (no customer): the payer is the platform, a business known by its name.
    ...(customerId ? fromProfile(row) : { FULL_NAME: payer.platformName, COMPANY_LEGAL_NAME: payer.platformName }),
    ...Object.fromEntries(Object.entries(sent ?? {}).filter(([, v]) => present(v))),
  };
  return { known, row };
}
