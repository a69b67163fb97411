import { invalidInput } from "@/lib/server/core/validation";
import { fileTypeFromBuffer } from "file-type";
import { decryptAtRest, encryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { env } from "@/lib/shared/config/env";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";
import { documentStore } from "./document-store";

/** Grid: PDF, JPEG or PNG. Decided from the bytes (magic numbers), never from the part's Content-Type header. */
const ALLOWED_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

/** The file's content type from its bytes, or 400 naming `file` (empty, too large, or not an allowed type). */
export async function checkDocumentFile(file: File): Promise<{ bytes: Uint8Array; contentType: string }> {
  const max = env().DOCUMENT_MAX_BYTES;
  const refuse = (message: string, extra: Record<string, unknown> = {}) =>
    invalidInput([{ field: "file", message }], message, { ...extra });
  if (file.size === 0) throw refuse("The file is empty");
  if (file.size > max) throw refuse(`The file exceeds ${max} bytes`, { maxBytes: max });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(ALLOWED_DOCUMENT_TYPES as readonly string[]).includes(detected.mime)) {
    throw refuse(`The file's content is ${detected?.mime ?? "not a recognised type"}; accepted: PDF, JPEG, PNG`, {
      acceptedContentTypes: ALLOWED_DOCUMENT_TYPES,
    });
  }
  return { bytes, contentType: detected.mime };
}

/** Encrypt under the KEK, bound to `key` (a value moved to another key does not open), and store. */
export async function storeSealed(key: string, bytes: Uint8Array): Promise<void> {
  const sealed = await encryptAtRest(getKeyEncryptionKey(), bytes, `document:${key}`);
  await documentStore().put(key, sealed);
}

export async function loadSealed(key: string): Promise<Uint8Array | null> {
  const sealed = await documentStore().get(key);
  if (sealed === null) return null;
  return decryptAtRest(getKeyEncryptionKey(), sealed, `document:${key}`);
}
