import { eq, isNull, sql, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { documents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toDocument } from "./document-view";

export async function listDocuments(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; documentHolder?: string },
) {
  const where: SQL[] = [eq(documents.platformId, platform.id)];
  if (q.documentHolder !== undefined) {
    const customer = parseId("Customer", q.documentHolder);
    const owner = parseId("BeneficialOwner", q.documentHolder);
    if (customer) where.push(eq(documents.customerId, customer), isNull(documents.beneficialOwnerId));
    else if (owner) where.push(eq(documents.beneficialOwnerId, owner));
    else where.push(sql`false`);
  }
  return listPage(documents, { ...q, filters: where }, (rows) => rows.map((r) => toDocument(r)));
}
