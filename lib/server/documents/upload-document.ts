import { randomBytes } from "node:crypto";
import { getDb, type DbOrTx } from "@/db/client";
import { documents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import type { DocumentReplace, DocumentUpload } from "./document.contract";
import { toDocument } from "./document-view";
import { resolveHolder } from "./resolve-holder";
import { documentStore } from "./document-store";
import { checkDocumentFile, storeSealed } from "./sealed-file";

/** A fresh object key per stored file (a replace writes a new one, then drops the old). */
export const newStorageKey = (platformUuid: string, documentUuid: string) =>
  `documents/${platformUuid}/${documentUuid}/${randomBytes(12).toString("base64url")}`;

/** The client's file name, kept as a label only (never used as a path). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the label must not keep.
const cleanFileName = (name: string) => name.replace(/[\u0000-\u001f\u007f/\\]/g, "_").slice(-200) || "document";

/** The row fields an upload or a replace writes: the metadata, and where the checked, sealed file went. */
export function documentFields(input: DocumentReplace, stored: { size: number; contentType: string; key: string }) {
  return {
    documentType: input.documentType,
    side: input.side ?? null,
    country: input.country,
    documentNumber: input.documentNumber ?? null,
    issuingAuthority: input.issuingAuthority ?? null,
    fileName: cleanFileName(input.file.name),
    contentType: stored.contentType,
    size: stored.size,
    storage: documentStore().kind,
    storageKey: stored.key,
  };
}

export async function uploadDocument(platform: PlatformPrincipal, input: DocumentUpload) {
  const db = await getDb();
  const holder = await resolveHolder(db, platform.id, input.documentHolder);
  const stored = await storeDocumentFile(platform, input.file);
  return insertDocument(db, platform, holder, input, stored);
}

export interface StoredDocumentFile {
  id: string;
  size: number;
  contentType: string;
  key: string;
}

/**
 * The bytes first, checked (typed by their content) and sealed: a row never points at a missing object (an orphaned
 * object is harmless ciphertext). The row follows with `insertDocument`, in the caller's transaction if it has one.
 */
export async function storeDocumentFile(platform: PlatformPrincipal, file: File): Promise<StoredDocumentFile> {
  const { bytes, contentType } = await checkDocumentFile(file);
  const id = newUuid();
  const key = newStorageKey(platform.id, id);
  await storeSealed(key, bytes);
  return { id, size: bytes.length, contentType, key };
}

export async function insertDocument(
  db: DbOrTx,
  platform: PlatformPrincipal,
  holder: { customerId: string; beneficialOwnerId: string | null },
  input: DocumentReplace,
  stored: StoredDocumentFile,
) {
  const [row] = await db
    .insert(documents)
    .values({
      id: stored.id,
      platformId: platform.id,
      customerId: holder.customerId,
      beneficialOwnerId: holder.beneficialOwnerId,
      ...documentFields(input, stored),
    })
    .returning();
  return toDocument(row);
}
