import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { beneficialOwners } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { toBeneficialOwner } from "./beneficial-owner-view";

export async function listBeneficialOwners(platform: PlatformPrincipal, q: { limit: number; cursor?: string; customerId: string }) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const customer = parseId("Customer", q.customerId);
  const where: SQL[] = [eq(beneficialOwners.platformId, platform.id), customer ? eq(beneficialOwners.customerId, customer) : sql`false`];
  if (after) where.push(gt(beneficialOwners.id, after));
  const rows = await db.select().from(beneficialOwners).where(and(...where)).orderBy(asc(beneficialOwners.id)).limit(q.limit + 1);
  return page(rows, q.limit, toBeneficialOwner);
}
