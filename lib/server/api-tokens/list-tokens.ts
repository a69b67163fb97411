import { eq, gte, lte, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { apiTokens } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
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
  const where: SQL[] = [eq(apiTokens.platformId, platform.id)];
  if (q.name !== undefined) where.push(eq(apiTokens.name, q.name));
  // Grid documents these bounds as inclusive.
  if (q.createdAfter) where.push(gte(apiTokens.createdAt, new Date(q.createdAfter)));
  if (q.createdBefore) where.push(lte(apiTokens.createdAt, new Date(q.createdBefore)));
  if (q.updatedAfter) where.push(gte(apiTokens.updatedAt, new Date(q.updatedAfter)));
  if (q.updatedBefore) where.push(lte(apiTokens.updatedAt, new Date(q.updatedBefore)));
  return listPage(apiTokens, { ...q, filters: where }, (rows) => rows.map(toApiToken));
}
