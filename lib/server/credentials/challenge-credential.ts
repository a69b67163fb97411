import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { ChallengeCredentialBody } from "./credential.contract";
import { credentialHandlers } from "./credential-handlers";
import type { ChallengeReply } from "./credential-handler-types";
import { findCredentialOrThrow } from "./find-credential";
import { unsupportedType } from "./unsupported-type";

/** POST /auth/credentials/{id}/challenge: dispatched on the credential's type. */
export async function challengeCredential(
  platform: PlatformPrincipal,
  credentialId: string,
  body: ChallengeCredentialBody | undefined,
): Promise<ChallengeReply> {
  const credential = await findCredentialOrThrow(await getDb(), platform.id, credentialId);
  const handler = credentialHandlers[credential.type];
  if (!handler?.challenge) throw unsupportedType(credential.type, "A challenge");
  return handler.challenge({ platform, credential, body });
}
