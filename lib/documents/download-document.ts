import { getDb } from "@/db/client";
import { reply } from "@/lib/api-core/reply";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { findDocumentOrThrow } from "./find-document";
import { loadSealed } from "./sealed-file";

/** GET /documents/{id}/file: the decrypted bytes, only for the owning platform. */
export async function downloadDocument(platform: PlatformPrincipal, documentId: string) {
  const row = await findDocumentOrThrow(await getDb(), platform.id, documentId);
  const bytes = await loadSealed(row.storageKey);
  if (!bytes) throw new Error(`document ${row.id}: stored object missing`);
  return reply(200, bytes, {
    "content-type": row.contentType,
    "cache-control": "no-store",
    "content-disposition": `attachment; filename="${row.fileName.replace(/[^\w.-]/g, "_")}"`,
    "x-content-type-options": "nosniff",
  });
}
