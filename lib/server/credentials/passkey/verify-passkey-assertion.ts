import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { base64urlDecode, base64urlEncode, utf8Encode } from "@/lib/shared/crypto/web";
import { ApiError } from "@/lib/server/core/errors";
import { canonicalBase64url } from "./verify-passkey-registration";
import type { WebauthnSettings } from "./webauthn-settings";
import { webauthnFailure } from "./webauthn-failure";

export interface PasskeyAssertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string | null;
}

export interface StoredPasskey {
  credentialId: string;
  /** COSE_Key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
}

/** The challenge an assertion must sign: the service's hex challenge (wallet credentials) or WebAuthn's own (SCA). */
type ExpectedChallenge =
  /** The UTF-8 bytes of the service's lowercase hex `challenge`: clientDataJSON carries base64url(utf8(hex)). */
  | { challengeHex: string }
  /** The WebAuthn challenge as issued in the assertion options, base64url. */
  | { webauthnChallenge: string };

/**
 * The one WebAuthn assertion check of the service, for wallet passkeys (POST /auth/credentials/{id}/verify) and
 * SCA passkeys (quote authorization, trust, SCA login) alike (protocol.md "Passkeys", authentication): every
 * part canonical base64url, the credential id the stored one, type webauthn.get, origin one of the platform's
 * `webauthn.origins` (and the one the client states, when it states one), RP ID hash, UP flag, signature over
 * authenticatorData ‖ SHA-256(clientDataJSON), and a counter that moved forward. Refusals are 401 UNAUTHORIZED
 * naming the check (`details.reason`); a malformed part is 400. Returns the new counter.
 */
export async function verifyPasskeyAssertion(
  args: {
    webauthn: WebauthnSettings;
    passkey: StoredPasskey;
    assertion: PasskeyAssertion;
    /** The origin the client states it signed at (SCA proofs carry one). */
    origin?: string;
  } & ExpectedChallenge,
): Promise<{ newCounter: number }> {
  const { webauthn, passkey, assertion } = args;
  if (args.origin !== undefined && !webauthn.origins.includes(args.origin)) {
    throw new ApiError("UNAUTHORIZED", "origin is not one of the platform's webauthn.origins", {
      reason: "ASSERTION_ORIGIN_MISMATCH",
      expectedOrigins: webauthn.origins,
    });
  }
  const expectedChallenge =
    "challengeHex" in args ? base64urlEncode(utf8Encode(args.challengeHex)) : args.webauthnChallenge;
  const credentialId = canonicalBase64url(assertion.credentialId, "assertion.credentialId");
  if (credentialId !== passkey.credentialId) {
    throw new ApiError("UNAUTHORIZED", "assertion.credentialId is not the passkey of this credential", {
      reason: "ASSERTION_CREDENTIAL_MISMATCH",
      expected: passkey.credentialId,
      received: credentialId,
    });
  }
  let result: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    result = await verifyAuthenticationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: canonicalBase64url(assertion.clientDataJson, "assertion.clientDataJson"),
          authenticatorData: canonicalBase64url(assertion.authenticatorData, "assertion.authenticatorData"),
          signature: canonicalBase64url(assertion.signature, "assertion.signature"),
          userHandle: assertion.userHandle
            ? canonicalBase64url(assertion.userHandle, "assertion.userHandle")
            : undefined,
        },
      },
      expectedChallenge,
      expectedOrigin: args.origin ?? webauthn.origins,
      expectedRPID: webauthn.rpId,
      expectedType: "webauthn.get",
      credential: {
        id: passkey.credentialId,
        publicKey: base64urlDecode(passkey.publicKey) as Uint8Array<ArrayBuffer>,
        counter: passkey.signCount,
        transports: passkey.transports as never,
      },
      requireUserVerification: false,
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw webauthnFailure("ASSERTION", e, webauthn);
  }
  if (!result.verified) {
    throw new ApiError("UNAUTHORIZED", "The assertion signature does not verify with the passkey's public key", {
      reason: "ASSERTION_SIGNATURE_INVALID",
    });
  }
  return { newCounter: result.authenticationInfo.newCounter };
}
