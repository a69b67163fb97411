import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { SignedCall } from "@/lib/server/signed-retry/signed-operation";
import type { VerifyCredentialBody } from "./credential.contract";
import { credentialHandlers } from "./credential-handlers";
import type { VerifyReply } from "./credential-handler-types";
import { unsupportedType } from "./unsupported-type";

/**
 * POST /auth/credentials/{id}/verify: dispatched on the body's `type`; each handler looks the credential
 * up itself (a signed retry must answer 401 reuse, not 404, once its credential has changed).
 */
export async function verifyCredential(
  call: SignedCall<{ platform: PlatformPrincipal; credentialId: string; body: VerifyCredentialBody }>,
): Promise<VerifyReply> {
  const handler = credentialHandlers[call.input.body.type];
  if (!handler?.verify) throw unsupportedType(call.input.body.type, "Verification");
  return handler.verify(call);
}
