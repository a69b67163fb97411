import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { authMethods, passkeyRegistrationChallenges } from "@/db/schema";
import { base64urlDecode, sha256Hex } from "@/lib/shared/crypto/web";
import { ApiError } from "@/lib/server/core/errors";
import { newUuid } from "@/lib/shared/ids";
import type { AddCredentialInput } from "../credential-handler-types";
import type { AuthMethodRow } from "../auth-method-view";
import { canonicalBase64url, verifyPasskeyRegistration, type VerifiedPasskey } from "./verify-passkey-registration";

type PasskeyAddBody = Extract<AddCredentialInput["body"], { type: "PASSKEY" }>;

interface PasskeyAddContext extends Record<string, unknown> {
  passkey: VerifiedPasskey;
  nickname: string;
  challengeDigest: string;
}

function passkeyBody(input: AddCredentialInput): PasskeyAddBody {
  if (input.body.type !== "PASSKEY") throw new Error(`passkey handler given a ${input.body.type} body`);
  return input.body;
}

function alreadyExists(credentialId: string): ApiError {
  return new ApiError(
    "PASSKEY_CREDENTIAL_ALREADY_EXISTS",
    `The WebAuthn credential ${credentialId} is already registered`,
    {
      credentialId,
    },
  );
}

function challengeReused(): ApiError {
  return new ApiError(
    "UNAUTHORIZED",
    "This registration challenge was already used to register a passkey; issue a fresh one",
    {
      reason: "ATTESTATION_CHALLENGE_REUSED",
    },
  );
}

/** The refusals decidable before signing, re-checked at acceptance: a known credential id, a used challenge. */
async function checkRegistrable(db: DbOrTx, platformId: string, ctx: PasskeyAddContext): Promise<void> {
  const [existing] = await db
    .select({ id: authMethods.id })
    .from(authMethods)
    .where(
      and(
        eq(authMethods.platformId, platformId),
        eq(authMethods.credentialId, ctx.passkey.credentialId),
        sql`${authMethods.revokedAt} is null`,
      ),
    )
    .limit(1);
  if (existing) throw alreadyExists(ctx.passkey.credentialId);
  const [seen] = await db
    .select({ digest: passkeyRegistrationChallenges.digest })
    .from(passkeyRegistrationChallenges)
    .where(eq(passkeyRegistrationChallenges.digest, ctx.challengeDigest))
    .limit(1);
  if (seen) throw challengeReused();
}

/** POST /auth/credentials, PASSKEY, first call: verify the ceremony now, so a bad attestation never gets a 202. */
export async function preparePasskeyAdd(db: DbOrTx, input: AddCredentialInput) {
  const body = passkeyBody(input);
  const passkey = await verifyPasskeyRegistration(input.platform.settings.webauthn, body.challenge, body.attestation);
  const challenge = canonicalBase64url(body.challenge, "challenge");
  const context: PasskeyAddContext = {
    passkey,
    nickname: body.nickname,
    challengeDigest: sha256Hex(base64urlDecode(challenge)),
  };
  await checkRegistrable(db, input.platform.id, context);
  return {
    parameters: { credentialId: passkey.credentialId, nickname: body.nickname, challenge },
    context,
  };
}

export async function recheckPasskeyAdd(db: DbOrTx, input: AddCredentialInput, context: Record<string, unknown>) {
  await checkRegistrable(db, input.platform.id, context as PasskeyAddContext);
}

/** At acceptance: use up the registration challenge and insert the credential, both or neither. */
export async function addPasskey(
  tx: Tx,
  input: AddCredentialInput,
  context: Record<string, unknown>,
): Promise<{ row: AuthMethodRow }> {
  const ctx = context as PasskeyAddContext;
  const used = await tx
    .insert(passkeyRegistrationChallenges)
    .values({ digest: ctx.challengeDigest, platformId: input.platform.id })
    .onConflictDoNothing()
    .returning({ digest: passkeyRegistrationChallenges.digest });
  if (used.length === 0) throw challengeReused();
  try {
    const [row] = await tx
      .insert(authMethods)
      .values({
        id: newUuid(),
        platformId: input.platform.id,
        accountId: input.account.id,
        type: "PASSKEY",
        nickname: ctx.nickname,
        credentialId: ctx.passkey.credentialId,
        publicKey: ctx.passkey.publicKey,
        signCount: ctx.passkey.signCount,
        transports: ctx.passkey.transports,
      })
      .returning();
    return { row };
  } catch (e) {
    // The partial unique index settles two concurrent registrations of one credential id.
    if (isUniqueViolation(e, "auth_methods_passkey_credential_uq")) throw alreadyExists(ctx.passkey.credentialId);
    throw e;
  }
}
