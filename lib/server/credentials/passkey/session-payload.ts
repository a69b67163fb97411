import { canonicalJson, sha256Hex } from "@/lib/shared/crypto/web";

const PASSKEY_SESSION_ACTIVITY = "ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2";

/**
 * The session-creation payload a passkey challenge binds (protocol.md "Passkeys", authentication): the
 * client's key, the credential and the Request-Id, in the same canonical shape as payloadToSign. The
 * `challenge` is its lowercase hex SHA-256; the authenticator signs the UTF-8 bytes of that hex string.
 */
export function passkeySessionPayload(args: {
  organizationId: string;
  authMethodId: string;
  credentialId: string;
  clientPublicKey: string;
  requestId: string;
  timestampMs: number;
}): { payload: string; challenge: string } {
  const payload = canonicalJson({
    organizationId: args.organizationId,
    parameters: {
      authMethodId: args.authMethodId,
      clientPublicKey: args.clientPublicKey,
      credentialId: args.credentialId,
    },
    requestId: args.requestId,
    timestampMs: String(args.timestampMs),
    type: PASSKEY_SESSION_ACTIVITY,
  });
  return { payload, challenge: sha256Hex(payload) };
}
