import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { generateRegistrationOptions } from "@simplewebauthn/server";
import { getDb } from "@/db/client";
import { scaPasskeys, scaStates } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { utf8Encode } from "@/lib/shared/crypto/web/encoding";
import { SCA_CHALLENGE_TTL_MS } from "./sca-challenge";
import { lockScaState } from "./sca-state";

/**
 * POST /sca/factors {type: PASSKEY}: WebAuthn registration options under the platform's wallet RP settings
 * (the same `webauthn.rpId` and `webauthn.origins` as wallet passkeys). The challenge is kept, single use, 5 minutes.
 */
export async function startPasskeyEnrollment(platform: PlatformPrincipal, customerId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer } = await lockScaState(tx, platform.id, customerId);
    const existing = await tx.select().from(scaPasskeys).where(eq(scaPasskeys.customerId, customer.id));
    const options = await generateRegistrationOptions({
      rpName: platform.name,
      rpID: platform.settings.webauthn.rpId,
      userName: customer.email ?? customer.phoneNumber ?? customer.platformCustomerId,
      userID: utf8Encode(customer.id) as Uint8Array<ArrayBuffer>,
      challenge: randomBytes(32),
      timeout: SCA_CHALLENGE_TTL_MS,
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
      authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    });
    await tx
      .update(scaStates)
      .set({
        passkeyEnrollChallenge: options.challenge,
        passkeyEnrollExpiresAt: new Date(Date.now() + SCA_CHALLENGE_TTL_MS),
        updatedAt: new Date(),
      })
      .where(eq(scaStates.customerId, customer.id));
    return {
      type: "PASSKEY" as const,
      options: { ...options },
      allowedOrigins: platform.settings.webauthn.origins,
      relyingPartyId: platform.settings.webauthn.rpId,
    };
  });
}
