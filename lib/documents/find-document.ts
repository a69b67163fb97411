import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, documents } from "@/db/schema";
import { ApiError, notFound } from "@/lib/api-core/errors";
import { parseId } from "@/lib/ids";
import type { DocumentRow } from "./document-view";

/** A document of this platform, or 404 DOCUMENT_NOT_FOUND (the same for another tenant's). */
export async function findDocumentOrThrow(db: DbOrTx, platformId: string, id: string): Promise<DocumentRow> {
  const uuid = parseId("Document", id);
  const [row] = uuid
    ? await db
        .select()
        .from(documents)
        .where(and(eq(documents.id, uuid), eq(documents.platformId, platformId)))
    : [];
  if (!row) throw notFound("DOCUMENT_NOT_FOUND", "Document", id);
  return row;
}

/**
 * Grid: a document already submitted may not change. Here: once the holder's customer is under review or settled.
 * The answer is the one Grid documents for the operation: DELETE → 409 CONFLICT (Grid's "already submitted for
 * verification"); PUT, for which Grid documents no 409, → 400 INVALID_INPUT with details.reason DOCUMENT_SUBMITTED
 * (docs/protocol.md "Documents").
 */
export async function requireDocumentMutable(db: DbOrTx, row: DocumentRow, op: "REPLACE" | "DELETE"): Promise<void> {
  const [c] = await db
    .select({ kycStatus: customers.kycStatus })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (c && c.kycStatus !== "UNVERIFIED") {
    const message = `The document was submitted for verification (customer status ${c.kycStatus}); it can no longer change`;
    if (op === "DELETE") throw new ApiError("CONFLICT", message, { kycStatus: c.kycStatus });
    throw new ApiError("INVALID_INPUT", message, {
      reason: "DOCUMENT_SUBMITTED",
      kycStatus: c.kycStatus,
      errors: [{ field: "documentId", message: "A document submitted for verification cannot be replaced" }],
    });
  }
}
