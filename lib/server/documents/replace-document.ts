import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { documents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { DocumentReplace } from "./document.contract";
import { documentStore } from "./document-store";
import { toDocument } from "./document-view";
import { documentMutable, findDocumentOrThrow, refuseLockedDocument, requireDocumentMutable } from "./find-document";
import { checkDocumentFile, storeSealed } from "./sealed-file";
import { documentFields, newStorageKey } from "./upload-document";

export async function replaceDocument(platform: PlatformPrincipal, documentId: string, input: DocumentReplace) {
  const db = await getDb();
  const current = await findDocumentOrThrow(db, platform.id, documentId);
  await requireDocumentMutable(db, current, "REPLACE");
  const { bytes, contentType } = await checkDocumentFile(input.file);
  const key = newStorageKey(platform.id, current.id);
  await storeSealed(key, bytes);
  const [row] = await db
    .update(documents)
    .set({ ...documentFields(input, { size: bytes.length, contentType, key }), updatedAt: new Date() })
    .where(and(eq(documents.id, current.id), documentMutable()))
    .returning();
  if (!row) {
    // Submitted meanwhile: the new object is dropped, the document keeps its file.
    await documentStore().delete(key);
    return refuseLockedDocument(db, platform.id, documentId, "REPLACE");
  }
  await documentStore().delete(current.storageKey);
  return toDocument(row);
}
