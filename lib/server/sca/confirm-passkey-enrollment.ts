import { invalidInput } from "@/lib/server/core/validation";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { scaPasskeys, scaStates } from "@/db/schema";
import { isUniqueViolation } from "@/db/errors";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import {
  type PasskeyAttestation,
  type VerifiedPasskey,
  verifyPasskeyRegistration,
} from "@/lib/server/credentials/passkey/verify-passkey-registration";
import { newUuid } from "@/lib/shared/ids";
import { lockScaState } from "./sca-state";

/**
 * POST /sca/factors/confirm {type: PASSKEY, origin, credential}: the registration is checked with
 * @simplewebauthn/server against the pending challenge, the origin (one of `webauthn.origins`) and the RP ID.
 * Only the public key and counter are kept.
 */
export async function confirmPasskeyEnrollment(
  platform: PlatformPrincipal,
  customerId: string,
  body: { origin: string; credential: Record<string, unknown> },
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    const challenge = state.passkeyEnrollChallenge;
    if (!challenge || !state.passkeyEnrollExpiresAt || state.passkeyEnrollExpiresAt.getTime() <= Date.now()) {
      throw invalidInput([], "No passkey enrollment is in progress (or it expired); start one with POST /sca/factors", {
        reason: "NO_ENROLLMENT",
      });
    }
    if (!platform.settings.webauthn.origins.includes(body.origin)) {
      throw invalidInput(
        [{ field: "origin", message: `Expected one of ${platform.settings.webauthn.origins.join(", ")}` }],
        "origin is not one of the platform's webauthn.origins",
      );
    }
    let passkey: VerifiedPasskey;
    try {
      passkey = await verifyPasskeyRegistration(
        platform.settings.webauthn,
        challenge,
        attestationOf(body.credential),
        body.origin,
      );
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      // The SCA answer for a registration that does not verify: 400 naming `credential` (the check in the message).
      throw invalidInput(
        [{ field: "credential", message: "Does not verify" }],
        `The passkey registration was refused: ${e.message}`.slice(0, 400),
      );
    }
    await tx
      .update(scaStates)
      .set({ passkeyEnrollChallenge: null, passkeyEnrollExpiresAt: null, updatedAt: new Date() })
      .where(eq(scaStates.customerId, customer.id));
    const name = `Passkey ${new Date().toISOString().slice(0, 10)}`;
    try {
      await tx.insert(scaPasskeys).values({
        id: newUuid(),
        platformId: platform.id,
        customerId: customer.id,
        credentialId: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.signCount,
        transports: passkey.transports,
        name,
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw new ApiError("CONFLICT", "This passkey is already enrolled", { reason: "ALREADY_ENROLLED" });
      throw e;
    }
    return {
      type: "PASSKEY" as const,
      factor: { factor: "PASSKEY" as const, credentialId: passkey.credentialId, name },
    };
  });
}

/** The parts of a browser PublicKeyCredential (registration) JSON; empty strings where a part is missing (then refused as malformed). */
function attestationOf(json: Record<string, unknown>): PasskeyAttestation {
  const r = (json.response ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  const sameId = json.rawId === undefined || json.rawId === json.id;
  return {
    credentialId: json.type === "public-key" && sameId ? text(json.id) : "",
    clientDataJson: text(r.clientDataJSON),
    attestationObject: text(r.attestationObject),
    transports: Array.isArray(r.transports) ? r.transports.filter((t): t is string => typeof t === "string") : [],
  };
}
