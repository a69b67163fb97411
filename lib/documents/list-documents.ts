import { and, asc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { documents } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { toDocument } from "./document-view";

export async function listDocuments(platform: PlatformPrincipal, q: { limit: number; cursor?: string; documentHolder?: string }) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(documents.platformId, platform.id)];
  if (after) where.push(gt(documents.id, after));
  if (q.documentHolder !== undefined) {
    const customer = parseId("Customer", q.documentHolder);
    const owner = parseId("BeneficialOwner", q.documentHolder);
    if (customer) where.push(eq(documents.customerId, customer), isNull(documents.beneficialOwnerId));
    else if (owner) where.push(eq(documents.beneficialOwnerId, owner));
    else where.push(sql`false`);
  }
  const rows = await db.select().from(documents).where(and(...where)).orderBy(asc(documents.id)).limit(q.limit + 1);
  return page(rows, q.limit, toDocument);
}
