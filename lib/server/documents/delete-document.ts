import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { documents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { documentStore } from "./document-store";
import { documentMutable, findDocumentOrThrow, refuseLockedDocument, requireDocumentMutable } from "./find-document";

export async function deleteDocument(platform: PlatformPrincipal, documentId: string): Promise<void> {
  const db = await getDb();
  const row = await findDocumentOrThrow(db, platform.id, documentId);
  await requireDocumentMutable(db, row, "DELETE");
  const [gone] = await db
    .delete(documents)
    .where(and(eq(documents.id, row.id), documentMutable()))
    .returning({ id: documents.id });
  if (!gone) return refuseLockedDocument(db, platform.id, documentId, "DELETE");
  await documentStore().delete(row.storageKey);
}
