import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods, authSessions, internalAccounts } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import { activeCredentials, findCredentialOrThrow } from "./find-credential";

interface Input {
  platform: PlatformPrincipal;
  credentialId: string;
}

/** The refusals decidable before signing (protocol.md): unknown id → 404, the only credential → 400. */
async function checkRevocable(db: DbOrTx, input: Input) {
  const credential = await findCredentialOrThrow(db, input.platform.id, input.credentialId);
  const all = await activeCredentials(db, credential.accountId);
  if (all.length <= 1) {
    throw invalidInput(
      [],
      `${input.credentialId} is the only credential of its account; an account keeps at least one`,
      { reason: "LAST_CREDENTIAL" },
    );
  }
  return credential;
}

/** DELETE /auth/credentials/{id}: signed by a session of a different credential; its sessions go with it. */
const deleteCredentialOperation: SignedOperation<Input> = {
  name: "credentials.delete",
  activityType: "ACTIVITY_TYPE_DELETE_CREDENTIAL",
  async prepare(input, db) {
    const credential = await checkRevocable(db, input);
    return {
      accountId: credential.accountId,
      credentialType: credential.type,
      parameters: {
        accountId: formatId("InternalAccount", credential.accountId),
        credentialId: formatId("AuthMethod", credential.id),
      },
      signer: { kind: "SESSION", accountId: credential.accountId, excludeAuthMethodId: credential.id },
      context: {},
    };
  },
  async recheck(input, _context, db) {
    await checkRevocable(db, input);
  },
  async execute(tx, input) {
    const credential = await findCredentialOrThrow(tx, input.platform.id, input.credentialId);
    // Serialise revocations on one account so that two concurrent ones cannot remove the last two credentials.
    await tx
      .select({ id: internalAccounts.id })
      .from(internalAccounts)
      .where(eq(internalAccounts.id, credential.accountId))
      .for("update");
    await checkRevocable(tx, input);
    const now = new Date();
    await tx.update(authMethods).set({ revokedAt: now, updatedAt: now }).where(eq(authMethods.id, credential.id));
    await tx
      .update(authSessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(authSessions.authMethodId, credential.id), sql`${authSessions.revokedAt} is null`));
    return reply(204);
  },
};

export function deleteCredential(call: SignedCall<Input>) {
  return runSignedRetry(deleteCredentialOperation, call);
}
