import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { AuthMethodRow } from "./auth-method-view";

/** An unrevoked credential of this platform, or 404 CREDENTIAL_NOT_FOUND (the same for another platform's). */
export async function findCredentialOrThrow(
  db: DbOrTx,
  platformId: string,
  credentialId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<AuthMethodRow> {
  const uuid = parseId("AuthMethod", credentialId);
  if (uuid) {
    const q = db
      .select()
      .from(authMethods)
      .where(
        and(eq(authMethods.id, uuid), eq(authMethods.platformId, platformId), sql`${authMethods.revokedAt} is null`),
      )
      .limit(1);
    const [row] = opts.forUpdate ? await q.for("update") : await q;
    if (row) return row;
  }
  throw notFound("CREDENTIAL_NOT_FOUND", "Credential", credentialId);
}

/** The account's unrevoked credentials. */
export async function activeCredentials(db: DbOrTx, accountId: string): Promise<AuthMethodRow[]> {
  return db
    .select()
    .from(authMethods)
    .where(and(eq(authMethods.accountId, accountId), sql`${authMethods.revokedAt} is null`))
    .orderBy(authMethods.id);
}
