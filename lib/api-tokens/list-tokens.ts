import { and, asc, count, eq, gt, gte, lte, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiTokens } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { toApiToken } from "./token-view";

export interface TokenFilters {
  limit: number;
  cursor?: string;
  name?: string;
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
}

export async function listTokens(platform: PlatformPrincipal, q: TokenFilters) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(apiTokens.platformId, platform.id)];
  if (q.name !== undefined) where.push(eq(apiTokens.name, q.name));
  // Grid documents these bounds as inclusive.
  if (q.createdAfter) where.push(gte(apiTokens.createdAt, new Date(q.createdAfter)));
  if (q.createdBefore) where.push(lte(apiTokens.createdAt, new Date(q.createdBefore)));
  if (q.updatedAfter) where.push(gte(apiTokens.updatedAt, new Date(q.updatedAfter)));
  if (q.updatedBefore) where.push(lte(apiTokens.updatedAt, new Date(q.updatedBefore)));
  const [{ total }] = await db.select({ total: count() }).from(apiTokens).where(and(...where));
  if (after) where.push(gt(apiTokens.id, after));
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(...where))
    .orderBy(asc(apiTokens.id))
    .limit(q.limit + 1);
  return { ...page(rows, q.limit, toApiToken), totalCount: total };
}
