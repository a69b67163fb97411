import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { enrolledFactors } from "./sca-factors";
import { lockScaState } from "./sca-state";

/** GET /sca/factors: SMS_OTP (verified phone), TOTP (confirmed), and one entry per SCA passkey with its credentialId. */
export async function listScaFactors(platform: PlatformPrincipal, customerId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    const { factors, passkeys } = await enrolledFactors(tx, customer, state);
    const out: { factor: "SMS_OTP" | "TOTP" | "PASSKEY"; credentialId?: string; name?: string }[] = factors
      .filter((f) => f !== "PASSKEY")
      .map((factor) => ({ factor }));
    for (const p of passkeys)
      out.push({ factor: "PASSKEY", credentialId: p.credentialId, ...(p.name ? { name: p.name } : {}) });
    return { factors: out };
  });
}
