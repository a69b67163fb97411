import { getDb } from "@/db/client";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { findDocumentOrThrow } from "./find-document";
import { loadSealed } from "./sealed-file";

/** The extension of each accepted type (lib/server/documents/sealed-file.ts types a file by its bytes). */
const EXTENSION: Record<string, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

/**
 * The download's file name: the uploader's name as a label, its extension replaced by the one of the type detected
 * from the bytes, so a PNG uploaded as `x.html` downloads as `x.png`.
 */
function downloadName(fileName: string, contentType: string): string {
  const base =
    fileName
      .replace(/[^\w.-]/g, "_")
      .replace(/\.[^.]*$/, "")
      .replace(/^\.+/, "") || "document";
  return `${base}.${EXTENSION[contentType] ?? "bin"}`;
}

/** GET /documents/{id}/file: the decrypted bytes, only for the owning platform. */
export async function downloadDocument(platform: PlatformPrincipal, documentId: string) {
  const row = await findDocumentOrThrow(await getDb(), platform.id, documentId);
  const bytes = await loadSealed(row.storageKey);
  if (!bytes) throw new Error(`document ${row.id}: stored object missing`);
  return reply(200, bytes, {
    "content-type": row.contentType,
    "cache-control": "no-store",
    "content-disposition": `attachment; filename="${downloadName(row.fileName, row.contentType)}"`,
    "x-content-type-options": "nosniff",
  });
}
