import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { authMethods } from "@/db/schema";
import type { ApiError } from "@/lib/server/core/errors";
import { newUuid } from "@/lib/shared/ids";
import type { AuthMethodRow } from "../auth-method-view";
import type { AddCredentialInput } from "../credential-handler-types";
import { assertOidcTokenUnused, recordOidcTokenUse } from "./record-oidc-token-use";
import { verifyOidcToken, type OidcIdentity } from "./verify-oidc-token";

interface OauthAddContext extends Record<string, unknown> {
  identity: OidcIdentity;
  digest: string;
  expiresAt: string;
}

function alreadyExists(identity: OidcIdentity): ApiError {
  return invalidInput(
    [],
    `An OAUTH credential for this identity of ${identity.issuer} already exists (one per provider identity)`,
    { reason: "OAUTH_CREDENTIAL_ALREADY_EXISTS", issuer: identity.issuer },
  );
}

async function checkRegistrable(db: DbOrTx, platformId: string, identity: OidcIdentity): Promise<void> {
  const [existing] = await db
    .select({ id: authMethods.id })
    .from(authMethods)
    .where(
      and(
        eq(authMethods.platformId, platformId),
        eq(authMethods.type, "OAUTH"),
        eq(authMethods.oidcIssuer, identity.issuer),
        eq(authMethods.oidcSubject, identity.subject),
        sql`${authMethods.revokedAt} is null`,
      ),
    )
    .limit(1);
  if (existing) throw alreadyExists(identity);
}

/**
 * POST /auth/credentials, OAUTH, first call: the token is verified now (issuer allow-list, audience, JWKS
 * signature except on sandbox, exp). Only its identity and a digest are kept: the token itself is not
 * bound into payloadToSign nor stored (it is a bearer credential).
 */
export async function prepareOauthAdd(db: DbOrTx, input: AddCredentialInput) {
  if (input.body.type !== "OAUTH") throw new Error(`oauth handler given a ${input.body.type} body`);
  const token = await verifyOidcToken(input.platform, input.body.oidcToken, { kind: "REGISTER" });
  await checkRegistrable(db, input.platform.id, token.identity);
  await assertOidcTokenUnused(db, token.digest);
  const context: OauthAddContext = {
    identity: token.identity,
    digest: token.digest,
    expiresAt: token.expiresAt.toISOString(),
  };
  return {
    parameters: {
      oauthProvider: {
        issuer: token.identity.issuer,
        subject: token.identity.subject,
        audience: token.identity.audience,
      },
      oidcTokenDigest: token.digest,
    },
    context,
  };
}

export async function recheckOauthAdd(db: DbOrTx, input: AddCredentialInput, context: Record<string, unknown>) {
  await checkRegistrable(db, input.platform.id, (context as OauthAddContext).identity);
}

export async function addOauth(
  tx: Tx,
  input: AddCredentialInput,
  context: Record<string, unknown>,
): Promise<{ row: AuthMethodRow }> {
  const ctx = context as OauthAddContext;
  const id = newUuid();
  await recordOidcTokenUse(
    tx,
    input.platform.id,
    { identity: ctx.identity, digest: ctx.digest, expiresAt: new Date(ctx.expiresAt) },
    id,
  );
  try {
    const [row] = await tx
      .insert(authMethods)
      .values({
        id,
        platformId: input.platform.id,
        accountId: input.account.id,
        type: "OAUTH",
        // Spec "AuthMethod": for OAUTH the nickname is the token's email claim.
        nickname: ctx.identity.email ?? null,
        oidcIssuer: ctx.identity.issuer,
        oidcSubject: ctx.identity.subject,
        oidcAudience: ctx.identity.audience,
      })
      .returning();
    return { row };
  } catch (e) {
    if (isUniqueViolation(e, "auth_methods_oauth_identity_uq")) throw alreadyExists(ctx.identity);
    throw e;
  }
}
