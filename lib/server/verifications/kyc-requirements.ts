import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { beneficialOwners, documents } from "@/db/schema";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import { profileField } from "@/lib/server/customers/kyc-status";
import { formatId } from "@/lib/shared/ids";
import type { DocumentType, VerificationError } from "./verification.contract";

/** Document categories and the types that satisfy each (Grid's VerificationError table). */
const DOCUMENT_REQUIREMENTS = {
  MISSING_IDENTITY_DOCUMENT: {
    types: ["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"],
    reason: "Identity document is required",
  },
  MISSING_LEGAL_PRESENCE_DOCUMENT: {
    types: [
      "CERTIFICATE_OF_INCORPORATION",
      "ARTICLES_OF_INCORPORATION",
      "ARTICLES_OF_ASSOCIATION",
      "STATE_REGISTRY_EXCERPT",
    ],
    reason: "Company formation document is required",
  },
  MISSING_OWNERSHIP_STRUCTURE_DOCUMENT: {
    types: ["SHAREHOLDER_REGISTER", "TRUST_AGREEMENT", "PARTNERSHIP_AGREEMENT"],
    reason: "Ownership structure document is required",
  },
  MISSING_PROOF_OF_ADDRESS_DOCUMENT: {
    types: ["UTILITY_BILL", "RENT_OR_LEASE_AGREEMENT", "ELECTRICITY_BILL", "BANK_STATEMENT", "TAX_RETURN"],
    reason: "Proof of address document is required",
  },
} as const satisfies Record<string, { types: DocumentType[]; reason: string }>;

type Profile = Record<string, unknown> & { address?: Record<string, unknown>; businessInfo?: Record<string, unknown> };

function isUsPerson(row: CustomerRow): boolean {
  const p = row.profile as Profile;
  return p.nationality === "US" || p.address?.country === "US";
}

/**
 * Everything still missing before a KYC (INDIVIDUAL) or KYB (BUSINESS) submission can be decided,
 * one entry per problem (protocol.md "Sandbox rules of the named areas").
 */
export async function missingForVerification(db: DbOrTx, row: CustomerRow): Promise<VerificationError[]> {
  const customerRef = formatId("Customer", row.id);
  const out: VerificationError[] = [];
  const field = (name: string, label: string) => {
    const v = profileField(row, name);
    if (v === undefined || v === null || v === "")
      out.push({ resourceId: customerRef, type: "MISSING_FIELD", field: name, reason: `${label} is required` });
  };
  const docs = await db
    .select({ documentType: documents.documentType, beneficialOwnerId: documents.beneficialOwnerId })
    .from(documents)
    .where(eq(documents.customerId, row.id));
  const customerDocTypes = new Set(docs.filter((d) => d.beneficialOwnerId === null).map((d) => d.documentType));
  const needDocument = (kind: keyof typeof DOCUMENT_REQUIREMENTS) => {
    const req = DOCUMENT_REQUIREMENTS[kind];
    if (!req.types.some((t) => customerDocTypes.has(t))) {
      out.push({ resourceId: customerRef, type: kind, acceptedDocumentTypes: [...req.types], reason: req.reason });
    }
  };
  const addressParts = () => {
    const a = (row.profile as Profile).address;
    if (!a) return field("address", "Address");
    for (const [k, label] of [
      ["line1", "Address line 1"],
      ["city", "City"],
      ["postalCode", "Postal code"],
      ["country", "Country"],
    ] as const) {
      if (!a[k])
        out.push({
          resourceId: customerRef,
          type: "MISSING_FIELD",
          field: `address.${k}`,
          reason: `${label} is required`,
        });
    }
  };

  if (row.customerType === "INDIVIDUAL") {
    field("fullName", "Full name");
    field("birthDate", "Birth date");
    field("nationality", "Nationality");
    addressParts();
    if (isUsPerson(row)) {
      field("idType", "Identification type");
      // `identifier` is kept only encrypted (lib/server/customers/seal-identifier.ts).
      if (!(row.profile as Profile).identifierEncrypted) {
        out.push({
          resourceId: customerRef,
          type: "MISSING_FIELD",
          field: "identifier",
          reason: "Identifier is required",
        });
      }
    }
    needDocument("MISSING_IDENTITY_DOCUMENT");
    return out;
  }

  field("legalName", "Legal name");
  field("registrationNumber", "Registration number");
  addressParts();
  if ((row.profile as Profile).address?.country === "US") field("taxId", "Tax identification number");
  needDocument("MISSING_LEGAL_PRESENCE_DOCUMENT");
  needDocument("MISSING_OWNERSHIP_STRUCTURE_DOCUMENT");
  needDocument("MISSING_PROOF_OF_ADDRESS_DOCUMENT");
  const [owner] = await db
    .select({ id: beneficialOwners.id })
    .from(beneficialOwners)
    .where(eq(beneficialOwners.customerId, row.id))
    .limit(1);
  if (!owner)
    out.push({
      resourceId: customerRef,
      type: "MISSING_BENEFICIAL_OWNER",
      reason: "At least one beneficial owner is required",
    });
  return out;
}
