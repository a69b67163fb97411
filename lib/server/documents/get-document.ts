import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toDocument } from "./document-view";
import { findDocumentOrThrow } from "./find-document";

export async function getDocument(platform: PlatformPrincipal, documentId: string) {
  return toDocument(await findDocumentOrThrow(await getDb(), platform.id, documentId));
}
