import { ApiError } from "@/lib/server/core/errors";
import type { WebauthnSettings } from "./webauthn-settings";

/**
 * Map a @simplewebauthn/server refusal to 401 UNAUTHORIZED with `details.reason` naming the check
 * (protocol.md "Error codes the spec does not name": ASSERTION_ORIGIN_MISMATCH, ASSERTION_SIGNATURE_INVALID …).
 * The library's messages name expected and received values (origins, challenges): nothing secret.
 */
export function webauthnFailure(kind: "ATTESTATION" | "ASSERTION", err: unknown, webauthn: WebauthnSettings): ApiError {
  const message = err instanceof Error ? err.message : String(err);
  const check = classify(message);
  const details: Record<string, unknown> = { reason: `${kind}_${check}` };
  if (check === "ORIGIN_MISMATCH") details.expectedOrigins = webauthn.origins;
  if (check === "RP_ID_MISMATCH") details.expectedRpId = webauthn.rpId;
  const what = kind === "ATTESTATION" ? "The passkey attestation" : "The passkey assertion";
  return new ApiError("UNAUTHORIZED", `${what} was refused: ${message}`.slice(0, 500), details);
}

function classify(message: string): string {
  if (/origin/i.test(message)) return "ORIGIN_MISMATCH";
  if (/challenge/i.test(message)) return "CHALLENGE_MISMATCH";
  if (/RP ?ID/i.test(message)) return "RP_ID_MISMATCH";
  if (/not present|presence/i.test(message)) return "USER_NOT_PRESENT";
  if (/counter/i.test(message)) return "COUNTER_INVALID";
  if (/response type/i.test(message)) return "TYPE_MISMATCH";
  if (/public key alg|Unsupported/i.test(message)) return "ALGORITHM_UNSUPPORTED";
  if (/signature/i.test(message)) return "SIGNATURE_INVALID";
  return "MALFORMED";
}
