import type { Tx, DbOrTx } from "@/db/client";
import { eq } from "drizzle-orm";
import { oidcTokenUses } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { VerifiedOidcToken } from "./verify-oidc-token";

function reused(): ApiError {
  return new ApiError("UNAUTHORIZED", "This OIDC token was already used; obtain a fresh one", {
    reason: "OIDC_TOKEN_REUSED",
  });
}

/** Refuse a token seen before (a read: the decisive check is `recordOidcTokenUse`). */
export async function assertOidcTokenUnused(db: DbOrTx, digest: string): Promise<void> {
  const [seen] = await db
    .select({ digest: oidcTokenUses.digest })
    .from(oidcTokenUses)
    .where(eq(oidcTokenUses.digest, digest))
    .limit(1);
  if (seen) throw reused();
}

/**
 * Use up a token in the transaction that acts on it: the primary key on the digest makes "never seen
 * before" hold across concurrent requests and instances (protocol.md "OIDC").
 */
export async function recordOidcTokenUse(
  tx: Tx,
  platformId: string,
  token: VerifiedOidcToken,
  authMethodId: string | null,
): Promise<void> {
  const inserted = await tx
    .insert(oidcTokenUses)
    .values({ digest: token.digest, platformId, authMethodId, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ digest: oidcTokenUses.digest });
  if (inserted.length === 0) throw reused();
}
