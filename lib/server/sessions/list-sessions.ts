import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { authMethods, authSessions } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toAuthSession } from "./session-view";
import type { AuthSession } from "./session.contract";

/** Active sessions of an account; another platform's or an unknown account lists nothing (protocol.md). */
export async function listSessions(platform: PlatformPrincipal, accountId: string): Promise<{ data: AuthSession[] }> {
  const uuid = parseId("InternalAccount", accountId);
  if (!uuid) return { data: [] };
  const db = await getDb();
  const rows = await db
    .select({ session: authSessions, nickname: authMethods.nickname })
    .from(authSessions)
    .innerJoin(authMethods, eq(authMethods.id, authSessions.authMethodId))
    .where(
      and(
        eq(authSessions.accountId, uuid),
        eq(authSessions.platformId, platform.id),
        sql`${authSessions.revokedAt} is null`,
        sql`${authSessions.expiresAt} > now()`,
      ),
    )
    .orderBy(asc(authSessions.id));
  return { data: rows.map((r) => toAuthSession(r.session, r.nickname)) };
}
