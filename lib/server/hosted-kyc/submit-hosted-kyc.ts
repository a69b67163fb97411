import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { kycLinks } from "@/db/schema";
import { applyCustomerPatch } from "@/lib/server/customers/apply-customer-patch";
import { customerUpdateSchema } from "@/lib/server/customers/customer.contract";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { ApiError } from "@/lib/server/core/errors";
import { documentStore } from "@/lib/server/documents/document-store";
import { insertDocument, storeDocumentFile } from "@/lib/server/documents/upload-document";
import { parseOrThrow, invalidInput } from "@/lib/server/core/validation";
import { formatId } from "@/lib/shared/ids";
import { openKycLink } from "./open-kyc-link";
import { submitLockedVerification } from "@/lib/server/verifications/submit-verification";
import type { Verification } from "@/lib/server/verifications/verification.contract";

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
 * The hosted KYC form's submission (the page a kyc-link's kycUrl opens): the same rules as the API, in one
 * transaction: the customer's fields (PATCH /customers rules), the identity document (POST /documents rules: type
 * from the bytes, encrypted at rest), then POST /verifications. A customer whose verification is settled (APPROVED,
 * REJECTED) is refused before anything is written, and the link is spent. The link is spent once a submission is
 * decided or in review; while the answer is RESOLVE_ERRORS it stays open for another try.
 */

/** The hosted form's text fields, as the page renders them and the submission reads them. */
export const KYC_FORM_FIELDS = [
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
] as const;

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
  const fields = Object.fromEntries(KYC_FORM_FIELDS.map((k) => [k, text(form, k)]));
  const f = parseOrThrow(formSchema, fields);
  const patch = customerUpdateSchema.parse({
    fullName: f.fullName,
    birthDate: f.birthDate,
    nationality: f.nationality,
    address: { line1: f.line1, city: f.city, postalCode: f.postalCode, country: f.country },
    ...(f.idType && f.identifier ? { idType: f.idType, identifier: f.identifier } : {}),
  });
  const file = form.get("document");
  // The document's bytes are checked and sealed before the transaction (storage may be slow); its row is written in it.
  const stored = file instanceof File && file.size > 0 ? await storeDocumentFile(link.platform, file) : null;
  const customerId = formatId("Customer", link.customer.id);
  const outcome = await db.transaction(async (tx) => {
    // The link and the customer, locked: a second submission of the same link, or of another link of the same
    // customer, waits here and then sees what this one did.
    const [live] = await tx
      .select({ usedAt: kycLinks.usedAt, expiresAt: kycLinks.expiresAt })
      .from(kycLinks)
      .where(eq(kycLinks.id, link.linkId))
      .for("update");
    if (!live || live.usedAt || live.expiresAt.getTime() <= Date.now()) return { kind: "GONE" as const };
    const customer = await findCustomerOrThrow(tx, link.platform.id, customerId, { forUpdate: true });
    if (customer.kycStatus === "APPROVED" || customer.kycStatus === "REJECTED") {
      // Settled: nothing of the form is written, and the link is spent (it can change nothing any more).
      await tx.update(kycLinks).set({ usedAt: new Date() }).where(eq(kycLinks.id, link.linkId));
      return { kind: "SETTLED" as const, status: customer.kycStatus };
    }
    const patched = await applyCustomerPatch(tx, customer, patch);
    if (stored) {
      await insertDocument(
        tx,
        link.platform,
        { customerId: customer.id, beneficialOwnerId: null },
        { documentType: f.documentType ?? "PASSPORT", country: f.nationality, file: file as File },
        stored,
      );
    }
    const verification = await submitLockedVerification(tx, link.platform, patched);
    if (verification.verificationStatus !== "RESOLVE_ERRORS")
      await tx.update(kycLinks).set({ usedAt: new Date() }).where(eq(kycLinks.id, link.linkId));
    return { kind: "SUBMITTED" as const, verification };
  });
  if (outcome.kind === "SUBMITTED") return { verification: outcome.verification, redirectUri: link.redirectUri };
  if (stored) await documentStore().delete(stored.key);
  if (outcome.kind === "SETTLED")
    throw invalidInput([], `The customer's verification is settled (${outcome.status}); it cannot be submitted again`, {
      kycStatus: outcome.status,
    });
  throw new ApiError("NOT_FOUND", "This verification link has expired or was already used");
}
