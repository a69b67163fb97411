import { invalidInput } from "@/lib/server/core/validation";
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import { base64urlDecode, base64urlEncode } from "@/lib/shared/crypto/web";
import { ApiError } from "@/lib/server/core/errors";
import { webauthnFailure } from "./webauthn-failure";
import type { WebauthnSettings } from "./webauthn-settings";

export interface PasskeyAttestation {
  credentialId: string;
  /** The WebAuthn `clientDataJSON`, under the spec's name (spec "Passkey registration attestation"). */
  clientDataJson: string;
  attestationObject: string;
  transports?: string[];
}

/** What the service keeps about a verified passkey: nothing secret (a public key and a counter). */
export interface VerifiedPasskey {
  /** base64url (unpadded) WebAuthn credential id. */
  credentialId: string;
  /** COSE_Key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
}

/** At least 32 random bytes, base64url (protocol.md "Passkeys", registration). */
const MIN_REGISTRATION_CHALLENGE_BYTES = 32;

/** Canonical base64url (unpadded) of a base64url string, or a 400 naming the field. */
export function canonicalBase64url(value: string, field: string): string {
  try {
    return base64urlEncode(base64urlDecode(value));
  } catch {
    throw invalidInput([{ field, message: "expected base64url text" }], `${field} must be base64url (RFC 4648 §5)`);
  }
}

/**
 * The one WebAuthn registration check of the service, for wallet passkeys (POST /auth/credentials) and SCA
 * passkeys (POST /sca/factors/confirm) alike, with @simplewebauthn/server (protocol.md "Passkeys"): the expected
 * challenge (at least 32 bytes) is the integrator's `challenge` or the one the service issued; origin one of the
 * platform's `webauthn.origins` (and the one the client states, when it states one), RP ID from its settings;
 * type webauthn.create; the user-present flag is required, user verification is not (spec: "UP flag"); the
 * credential id named must be the attested one.
 */
export async function verifyPasskeyRegistration(
  webauthn: WebauthnSettings,
  challenge: string,
  attestation: PasskeyAttestation,
  /** The origin the client states it registered at (SCA enrollment carries one). */
  origin?: string,
): Promise<VerifiedPasskey> {
  if (origin !== undefined && !webauthn.origins.includes(origin)) {
    throw new ApiError("UNAUTHORIZED", "origin is not one of the platform's webauthn.origins", {
      reason: "ATTESTATION_ORIGIN_MISMATCH",
      expectedOrigins: webauthn.origins,
    });
  }
  const expectedChallenge = canonicalBase64url(challenge, "challenge");
  if (base64urlDecode(expectedChallenge).length < MIN_REGISTRATION_CHALLENGE_BYTES) {
    throw invalidInput(
      [
        {
          field: "challenge",
          message: `expected at least ${MIN_REGISTRATION_CHALLENGE_BYTES} bytes, received ${base64urlDecode(expectedChallenge).length}`,
        },
      ],
      `challenge must carry at least ${MIN_REGISTRATION_CHALLENGE_BYTES} random bytes`,
    );
  }
  const credentialId = canonicalBase64url(attestation.credentialId, "attestation.credentialId");
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: canonicalBase64url(attestation.clientDataJson, "attestation.clientDataJson"),
          attestationObject: canonicalBase64url(attestation.attestationObject, "attestation.attestationObject"),
          transports: (attestation.transports ?? []) as never,
        },
      },
      expectedChallenge,
      expectedOrigin: origin ?? webauthn.origins,
      expectedRPID: webauthn.rpId,
      expectedType: "webauthn.create",
      requireUserPresence: true,
      requireUserVerification: false,
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw webauthnFailure("ATTESTATION", e, webauthn);
  }
  if (!result.verified || !result.registrationInfo) {
    throw new ApiError("UNAUTHORIZED", "The attestation statement does not verify", {
      reason: "ATTESTATION_SIGNATURE_INVALID",
    });
  }
  const info = result.registrationInfo;
  // The id the client names must be the one the authenticator put in attestedCredentialData.
  if (info.credential.id !== credentialId) {
    throw new ApiError(
      "UNAUTHORIZED",
      "attestation.credentialId differs from the credential id inside attestationObject",
      {
        reason: "ATTESTATION_CREDENTIAL_ID_MISMATCH",
        expected: info.credential.id,
        received: credentialId,
      },
    );
  }
  return {
    credentialId,
    publicKey: base64urlEncode(info.credential.publicKey),
    signCount: info.credential.counter,
    transports: attestation.transports ?? [],
  };
}
