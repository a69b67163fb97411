import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { scaStates } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { lockScaState } from "./sca-state";
import { newTotpSecret, sealTotpSecret, totpFor } from "./totp";

/** POST /sca/factors {type: TOTP}: a fresh secret, kept encrypted as pending until its first code confirms it. */
export async function startTotpEnrollment(platform: PlatformPrincipal, customerId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    if (state.totpSecretEnc)
      throw new ApiError("CONFLICT", "A TOTP factor is already enrolled", { reason: "ALREADY_ENROLLED" });
    const secret = newTotpSecret();
    await tx
      .update(scaStates)
      .set({ totpPendingSecretEnc: await sealTotpSecret(secret.base32, customer.id), updatedAt: new Date() })
      .where(eq(scaStates.customerId, customer.id));
    const label = customer.email ?? customer.phoneNumber ?? customer.platformCustomerId;
    return {
      type: "TOTP" as const,
      secret: secret.hex,
      secretBase32Encoded: secret.base32,
      totpUri: totpFor(secret.base32, label, platform.name).toString(),
    };
  });
}
