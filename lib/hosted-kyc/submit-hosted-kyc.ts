import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { kycLinks } from "@/db/schema";
import { applyCustomerPatch } from "@/lib/customers/apply-customer-patch";
import { customerUpdateSchema } from "@/lib/customers/customer.contract";
import { findCustomerOrThrow } from "@/lib/customers/find-customer";
import { parseOrThrow, invalidInput } from "@/lib/api-core/validation";
import { uploadDocument } from "@/lib/documents/upload-document";
import { formatId } from "@/lib/ids";
import { openKycLink } from "./open-kyc-link";
import { submitVerification } from "@/lib/verifications/submit-verification";
import type { Verification } from "@/lib/verifications/verification.contract";

/** What the hosted form sends (multipart): the individual's KYC fields and, optionally, an identity document. */
const formSchema = z.object({
  fullName: z.string().trim().min(1).max(200),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "YYYY-MM-DD"),
  nationality: z.string().regex(/^[A-Z]{2}$/, "Two-letter country code"),
  line1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20),
  country: z.string().regex(/^[A-Z]{2}$/, "Two-letter country code"),
  idType: z.enum(["SSN", "ITIN", "NON_US_TAX_ID"]).optional(),
  identifier: z.string().trim().min(1).max(64).optional(),
  documentType: z.enum(["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"]).optional(),
});

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
};

/**
 * The hosted KYC form's submission (the page a kyc-link's kycUrl opens): the same services as the API,
 * in order: the customer's fields (PATCH /customers rules), the identity document (POST /documents rules:
 * type from the bytes, encrypted at rest), then POST /verifications. The link is spent once a submission
 * is decided or in review; while the answer is RESOLVE_ERRORS it stays open for another try.
 */
export async function submitHostedKyc(
  token: string,
  form: FormData,
): Promise<{ verification: Verification; redirectUri: string | null }> {
  const db = await getDb();
  const link = await openKycLink(db, token);
  if (link.customer.customerType !== "INDIVIDUAL") {
    throw invalidInput(
      [],
      "The hosted form verifies individuals; business customers use POST /verifications with documents and beneficial owners",
    );
  }
  const fields = Object.fromEntries(
    [
      "fullName",
      "birthDate",
      "nationality",
      "line1",
      "city",
      "postalCode",
      "country",
      "idType",
      "identifier",
      "documentType",
    ].map((k) => [k, text(form, k)]),
  );
  const f = parseOrThrow(formSchema, fields);
  const patch = customerUpdateSchema.parse({
    fullName: f.fullName,
    birthDate: f.birthDate,
    nationality: f.nationality,
    address: { line1: f.line1, city: f.city, postalCode: f.postalCode, country: f.country },
    ...(f.idType && f.identifier ? { idType: f.idType, identifier: f.identifier } : {}),
  });
  await db.transaction(async (tx) =>
    applyCustomerPatch(
      tx,
      await findCustomerOrThrow(tx, link.platform.id, formatId("Customer", link.customer.id)),
      patch,
    ),
  );
  const file = form.get("document");
  if (file instanceof File && file.size > 0) {
    await uploadDocument(link.platform, {
      documentHolder: formatId("Customer", link.customer.id),
      documentType: f.documentType ?? "PASSPORT",
      country: f.nationality,
      file,
    });
  }
  const verification = await submitVerification(link.platform, formatId("Customer", link.customer.id));
  if (verification.verificationStatus !== "RESOLVE_ERRORS")
    await db.update(kycLinks).set({ usedAt: new Date() }).where(eq(kycLinks.id, link.linkId));
  return { verification, redirectUri: link.redirectUri };
}
