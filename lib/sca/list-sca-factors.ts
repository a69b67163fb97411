import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { lockScaState } from "./sca-state";

export async function listScaFactors(platform: PlatformPrincipal, customerId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    const factors: { factor: "SMS_OTP" | "TOTP" }[] = [];
    if (customer.phoneNumber && customer.contactVerified?.phone === customer.phoneNumber) factors.push({ factor: "SMS_OTP" });
    if (state.totpSecretEnc) factors.push({ factor: "TOTP" });
    return { factors };
  });
}
