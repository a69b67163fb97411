/**
 * Per-type credential behaviour: one handler per credential type, looked up by `type`.
 *
 * To add a type: write `lib/server/credentials/<type>/<type>-handler.ts` exporting a `CredentialTypeHandler`
 * (credential-handler-types.ts) and add it to `credentialHandlers` in credential-handlers.ts. What each hook is for:
 * - `prepareAdd`: POST /auth/credentials first call. Verify what can be verified before signing (attestation,
 *   OIDC token), throw the refusals (e.g. 400 PASSKEY_CREDENTIAL_ALREADY_EXISTS), return the `parameters` bound
 *   into payloadToSign and a non-secret `context` (e.g. the verified COSE key) kept until acceptance.
 * - `recheckAdd`: the same refusals, re-checked at acceptance (step 9).
 * - `add`: at acceptance, inside the consuming transaction: insert the auth_methods row and return it.
 * - `challenge`: POST /auth/credentials/{id}/challenge for a credential of this type.
 * - `verify`: POST /auth/credentials/{id}/verify whose body `type` is this type (the credential is looked up
 *   by the handler; EMAIL_OTP's verify is a signed retry, PASSKEY's uses the challenge's Request-Id).
 * A type without a hook answers 400 INVALID_INPUT with details.reason CREDENTIAL_TYPE_NOT_SUPPORTED.
 */
import type { DbOrTx, Tx } from "@/db/client";
import type { ReplyFor } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { InternalAccountRow } from "@/lib/server/internal-accounts/internal-account-view";
import type { CredentialType, SignedCall } from "@/lib/server/signed-retry/signed-operation";
import type { AuthMethodRow } from "./auth-method-view";
import type {
  AddCredentialBody,
  ChallengeCredentialBody,
  challengeCredentialOp,
  VerifyCredentialBody,
  verifyCredentialOp,
} from "./credential.contract";

/** What a handler may answer: a reply the operation's responses allow. */
export type ChallengeReply = ReplyFor<(typeof challengeCredentialOp)["responses"]>;
export type VerifyReply = ReplyFor<(typeof verifyCredentialOp)["responses"]>;

export interface AddCredentialInput<B extends AddCredentialBody = AddCredentialBody> {
  platform: PlatformPrincipal;
  account: InternalAccountRow;
  body: B;
}

export interface CredentialTypeHandler {
  type: CredentialType;
  prepareAdd?(
    db: DbOrTx,
    input: AddCredentialInput,
  ): Promise<{ parameters: Record<string, unknown>; context?: Record<string, unknown> }>;
  recheckAdd?(db: DbOrTx, input: AddCredentialInput, context: Record<string, unknown>): Promise<void>;
  add?(
    tx: Tx,
    input: AddCredentialInput,
    context: Record<string, unknown>,
  ): Promise<{ row: AuthMethodRow; extra?: { otpEncryptionTargetBundle?: string } }>;
  challenge?(input: {
    platform: PlatformPrincipal;
    credential: AuthMethodRow;
    body: ChallengeCredentialBody | undefined;
  }): Promise<ChallengeReply>;
  verify?(
    call: SignedCall<{ platform: PlatformPrincipal; credentialId: string; body: VerifyCredentialBody }>,
  ): Promise<VerifyReply>;
}
