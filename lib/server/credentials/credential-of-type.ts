import { invalidInput } from "@/lib/server/core/validation";
import type { CredentialType } from "@/lib/server/signed-retry/signed-operation";
import type { DbOrTx } from "@/db/client";
import type { AuthMethodRow } from "./auth-method-view";
import { findCredentialOrThrow } from "./find-credential";

/** The unrevoked credential `credentialId` of this platform, which must be of the body's `type` (else 400). */
export async function credentialOfType(
  db: DbOrTx,
  platformId: string,
  credentialId: string,
  type: CredentialType,
): Promise<AuthMethodRow> {
  const credential = await findCredentialOrThrow(db, platformId, credentialId);
  if (credential.type !== type) {
    throw invalidInput(
      [
        {
          field: "type",
          constraint: { enum: [credential.type] },
          message: `expected ${credential.type}, received ${type}`,
        },
      ],
      `The body's type ${type} does not match the credential's type ${credential.type}`,
    );
  }
  return credential;
}
