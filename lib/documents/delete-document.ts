import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { documents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { documentStore } from "./document-store";
import { findDocumentOrThrow, requireDocumentMutable } from "./find-document";

export async function deleteDocument(platform: PlatformPrincipal, documentId: string): Promise<void> {
  const db = await getDb();
  const row = await findDocumentOrThrow(db, platform.id, documentId);
  await requireDocumentMutable(db, row, "DELETE");
  await db.delete(documents).where(eq(documents.id, row.id));
  await documentStore().delete(row.storageKey);
}
