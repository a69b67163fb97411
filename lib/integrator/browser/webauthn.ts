/**
 * WebAuthn ceremonies with @simplewebauthn/browser, mapped to the service's attestation and
 * assertion shapes (spec "Passkey registration attestation", "Passkey assertion").
 */
import {
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/browser";
import { base64url } from "./stamp";

export interface Attestation {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

export interface Assertion {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle: string | null;
}

export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<Attestation> {
  const r = await startRegistration({ optionsJSON });
  return {
    credentialId: r.id,
    clientDataJson: r.response.clientDataJSON,
    attestationObject: r.response.attestationObject,
    transports: r.response.transports ?? [],
  };
}

/** The WebAuthn challenge bytes are the UTF-8 bytes of the service's lowercase hex challenge (protocol.md "Passkeys"). */
export async function assertPasskey(input: {
  challengeHex: string;
  rpId: string;
  credentialId?: string;
}): Promise<Assertion> {
  const r = await startAuthentication({
    optionsJSON: {
      challenge: base64url(new TextEncoder().encode(input.challengeHex)),
      rpId: input.rpId,
      allowCredentials: input.credentialId ? [{ id: input.credentialId, type: "public-key" }] : [],
      userVerification: "preferred",
      timeout: 60_000,
    },
  });
  return {
    credentialId: r.id,
    clientDataJson: r.response.clientDataJSON,
    authenticatorData: r.response.authenticatorData,
    signature: r.response.signature,
    userHandle: r.response.userHandle ?? null,
  };
}

/** Close an open passkey prompt at once (the pending ceremony rejects with an AbortError). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}
