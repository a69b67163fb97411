import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { authMethods } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toAuthMethod } from "./auth-method-view";
import type { AuthMethod } from "./credential.contract";

/** GET /auth/credentials?accountId=: unpaginated; another platform's or an unknown account lists nothing. */
export async function listCredentials(platform: PlatformPrincipal, accountId: string): Promise<{ data: AuthMethod[] }> {
  const uuid = parseId("InternalAccount", accountId);
  if (!uuid) return { data: [] };
  const db = await getDb();
  const rows = await db
    .select()
    .from(authMethods)
    .where(
      and(
        eq(authMethods.accountId, uuid),
        eq(authMethods.platformId, platform.id),
        sql`${authMethods.revokedAt} is null`,
      ),
    )
    .orderBy(asc(authMethods.id));
  return { data: rows.map((r) => toAuthMethod(r)) };
}
