import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, documents } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { DocumentRow } from "./document-view";
import { invalidInput } from "@/lib/server/core/validation";

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

type DocumentChange = "REPLACE" | "DELETE";

/**
 * The refusal of a change to a submitted document: one place, so its status and code are decided once. The answer is
 * the one Grid documents for the operation: DELETE → 409 CONFLICT (Grid's "already submitted for verification"); PUT,
 * for which Grid documents no 409, → 400 INVALID_INPUT with details.reason DOCUMENT_SUBMITTED (docs/protocol.md
 * "Documents").
 */
function documentLocked(kycStatus: string, op: DocumentChange): ApiError {
  const message = `The document was submitted for verification (customer status ${kycStatus}); it can no longer change`;
  if (op === "DELETE") return new ApiError("CONFLICT", message, { kycStatus });
  return invalidInput(
    [{ field: "documentId", message: "A document submitted for verification cannot be replaced" }],
    message,
    { reason: "DOCUMENT_SUBMITTED", kycStatus },
  );
}

/**
 * Grid: a document already submitted may not change. Here: once the holder's customer is under review or settled.
 * The condition of the write itself (`documentMutable`), so the check and the change are one statement: the
 * customer row is read FOR SHARE, so a verification deciding it (which holds it FOR UPDATE) is waited for and its
 * outcome seen, and a document cannot change after its customer was submitted or approved.
 */
export function documentMutable(): SQL {
  return sql`exists (select 1 from ${customers} where ${customers.id} = ${documents.customerId} and ${customers.kycStatus} = 'UNVERIFIED' for share)`;
}

/** After a conditional write touched no row: the refusal naming the customer's status now (or 404 when it is gone). */
export async function refuseLockedDocument(
  db: DbOrTx,
  platformId: string,
  id: string,
  op: DocumentChange,
): Promise<never> {
  const row = await findDocumentOrThrow(db, platformId, id);
  const [c] = await db
    .select({ kycStatus: customers.kycStatus })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  throw documentLocked(c?.kycStatus ?? "UNKNOWN", op);
}

/** A cheap early refusal (before a file is read and stored); the write's own condition is what holds. */
export async function requireDocumentMutable(db: DbOrTx, row: DocumentRow, op: DocumentChange): Promise<void> {
  const [c] = await db
    .select({ kycStatus: customers.kycStatus })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  if (c && c.kycStatus !== "UNVERIFIED") throw documentLocked(c.kycStatus, op);
}
