/** The reads of a signed request and of the sessions that may sign it (steps 6 and 8, and again at settling). */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { preparedQuery } from "@/db/prepared";
import { authSessions, signedRequests } from "@/db/schema";
import type { SignedRequestRow } from "./signed-operation";

export async function readRequest(db: DbOrTx, id: string): Promise<SignedRequestRow | undefined> {
  const [now] = await db.select().from(signedRequests).where(eq(signedRequests.id, id)).limit(1);
  return now;
}

export type SessionCandidate = { id: string; accountId: string; authMethodId: string };

/** The active sessions whose key is `publicKey` (candidates for step 8), at most 50, as a json array. */
export const candidateSessionsJson = (publicKey: unknown) => sql<SessionCandidate[]>`(
  select coalesce(json_agg(c), '[]'::json) from (
    select ${authSessions.id} as "id", ${authSessions.accountId} as "accountId", ${authSessions.authMethodId} as "authMethodId"
    from ${authSessions}
    where ${authSessions.publicKey} = ${publicKey} and ${authSessions.revokedAt} is null and ${authSessions.expiresAt} > now()
    limit 50
  ) c
)`;

/**
 * Steps 6 and 8 read the `Request-Id` row and the candidate sessions for the stamp's key: one statement (the
 * sessions as a json array next to the row), prepared once per database handle, so one round trip and no
 * query building on the hot path (bench/README.md "Signed retry").
 */
const requestWithSessions = preparedQuery((db) =>
  db
    .select({ request: signedRequests, sessions: candidateSessionsJson(sql.placeholder("publicKey")) })
    .from(signedRequests)
    .where(eq(signedRequests.id, sql.placeholder("id")))
    .limit(1)
    .prepare("signed_retry_request_with_sessions"),
);

export async function lookupRequest(
  id: string | null,
  publicKey: string,
): Promise<{ request?: SignedRequestRow; sessions: SessionCandidate[] }> {
  if (!id) return { sessions: [] };
  const [found] = await (await requestWithSessions()).execute({ id, publicKey });
  return found ?? { sessions: [] };
}

/** Active sessions whose key is the stamp's key (candidates for step 8), read again when the provider settles. */
export function sessionsWithKey(db: DbOrTx, publicKey: string): Promise<SessionCandidate[]> {
  return db
    .select({ id: authSessions.id, accountId: authSessions.accountId, authMethodId: authSessions.authMethodId })
    .from(authSessions)
    .where(
      and(
        eq(authSessions.publicKey, publicKey),
        sql`${authSessions.revokedAt} is null`,
        sql`${authSessions.expiresAt} > now()`,
      ),
    )
    .limit(50)
    .prepare("signed_retry_sessions_with_key")
    .execute();
}
