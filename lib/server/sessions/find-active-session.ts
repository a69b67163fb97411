import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods, authSessions } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { SessionRow } from "./session-view";

/**
 * An active (unrevoked, unexpired) session of this platform with its credential's nickname, or 404
 * SESSION_NOT_FOUND, the same for another platform's session (protocol.md "Session refresh").
 */
export async function findActiveSessionOrThrow(
  db: DbOrTx,
  platformId: string,
  sessionId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<{ session: SessionRow; nickname: string | null }> {
  const uuid = parseId("Session", sessionId);
  if (uuid) {
    const q = db
      .select({ session: authSessions, nickname: authMethods.nickname })
      .from(authSessions)
      .innerJoin(authMethods, eq(authMethods.id, authSessions.authMethodId))
      .where(
        and(
          eq(authSessions.id, uuid),
          eq(authSessions.platformId, platformId),
          sql`${authSessions.revokedAt} is null`,
          sql`${authSessions.expiresAt} > now()`,
        ),
      )
      .limit(1);
    const [row] = opts.forUpdate ? await q.for("update", { of: authSessions }) : await q;
    if (row) return row;
  }
  throw notFound("SESSION_NOT_FOUND", "Active session", sessionId);
}
