import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { scaPasskeys } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { lockScaState } from "./sca-state";

/** DELETE /sca/factors/{credentialId}: one of the customer's SCA passkeys (the only factors with a credential id). */
export async function deleteScaFactor(
  platform: PlatformPrincipal,
  customerId: string,
  credentialId: string,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const { customer } = await lockScaState(tx, platform.id, customerId);
    const gone = await tx
      .delete(scaPasskeys)
      .where(and(eq(scaPasskeys.customerId, customer.id), eq(scaPasskeys.credentialId, credentialId)))
      .returning({ id: scaPasskeys.id });
    if (!gone.length) throw notFound("SCA_FACTOR_NOT_FOUND", "SCA factor", credentialId);
  });
}
