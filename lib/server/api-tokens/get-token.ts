import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiTokens } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toApiToken } from "./token-view";

export async function getToken(platform: PlatformPrincipal, tokenId: string) {
  const uuid = parseId("Token", tokenId);
  if (uuid) {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.id, uuid), eq(apiTokens.platformId, platform.id)))
      .limit(1);
    if (row) return toApiToken(row);
  }
  throw notFound("TOKEN_NOT_FOUND", "Token", tokenId);
}
