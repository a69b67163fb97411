import { eq } from "drizzle-orm";
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import { getDb } from "@/db/client";
import { scaPasskeys, scaStates } from "@/db/schema";
import { isUniqueViolation } from "@/db/errors";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { base64urlEncode } from "@/lib/crypto";
import { newUuid } from "@/lib/ids";
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
      throw new ApiError(
        "INVALID_INPUT",
        "No passkey enrollment is in progress (or it expired); start one with POST /sca/factors",
        { reason: "NO_ENROLLMENT" },
      );
    }
    if (!platform.settings.webauthn.origins.includes(body.origin)) {
      throw new ApiError("INVALID_INPUT", "origin is not one of the platform's webauthn.origins", {
        errors: [{ field: "origin", message: `Expected one of ${platform.settings.webauthn.origins.join(", ")}` }],
      });
    }
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: body.credential as never,
        expectedChallenge: challenge,
        expectedOrigin: body.origin,
        expectedRPID: platform.settings.webauthn.rpId,
        requireUserVerification: false,
      });
    } catch (e) {
      throw new ApiError(
        "INVALID_INPUT",
        `The passkey registration was refused: ${e instanceof Error ? e.message : String(e)}`.slice(0, 400),
        {
          errors: [{ field: "credential", message: "Does not verify" }],
        },
      );
    }
    if (!verified.verified || !verified.registrationInfo) {
      throw new ApiError("INVALID_INPUT", "The passkey registration does not verify", {
        errors: [{ field: "credential", message: "Does not verify" }],
      });
    }
    const cred = verified.registrationInfo.credential;
    const transports = Array.isArray((body.credential.response as { transports?: unknown } | undefined)?.transports)
      ? (body.credential.response as { transports: string[] }).transports
      : [];
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
        credentialId: cred.id,
        publicKey: base64urlEncode(cred.publicKey),
        counter: cred.counter,
        transports,
        name,
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw new ApiError("CONFLICT", "This passkey is already enrolled", { reason: "ALREADY_ENROLLED" });
      throw e;
    }
    return { type: "PASSKEY" as const, factor: { factor: "PASSKEY" as const, credentialId: cred.id, name } };
  });
}
