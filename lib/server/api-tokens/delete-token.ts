import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { apiTokens } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { forgetVerifications } from "@/lib/server/platforms/secret-hash";

/**
 * Delete the token: authentication reads the row on every request, so it fails at once on every instance;
 * this instance also drops its memoized verifications of the hash.
 */
export async function deleteToken(platform: PlatformPrincipal, tokenId: string): Promise<void> {
  const uuid = parseId("Token", tokenId);
  if (uuid) {
    const db = await getDb();
    const [gone] = await db
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, uuid), eq(apiTokens.platformId, platform.id)))
      .returning({ secretHash: apiTokens.secretHash });
    if (gone) return forgetVerifications(gone.secretHash);
  }
  throw notFound("TOKEN_NOT_FOUND", "Token", tokenId);
}
