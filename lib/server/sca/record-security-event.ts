import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { scaStates } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { countFailure, lockScaState, throwIfLocked } from "./sca-state";

/** POST /sca/record-event. */
export async function recordSecurityEvent(
  platform: PlatformPrincipal,
  customerId: string,
  eventType: "RESET_PASSWORD_COMPLETED" | "FAILED_LOGIN_ATTEMPT",
) {
  const db = await getDb();
  const state = await db.transaction(async (tx) => {
    const { customer, state } = await lockScaState(tx, platform.id, customerId);
    if (eventType === "FAILED_LOGIN_ATTEMPT") {
      throwIfLocked(state);
      return countFailure(tx, state);
    }
    const [cleared] = await tx
      .update(scaStates)
      .set({ failedAttempts: 0, lockedUntil: null, sessionExpiresAt: null, updatedAt: new Date() })
      .where(eq(scaStates.customerId, customer.id))
      .returning();
    return cleared;
  });
  const locked = state.lockedUntil && state.lockedUntil.getTime() > Date.now() ? state.lockedUntil.toISOString() : null;
  return { eventType, suspended: false, lockedUntil: locked, failedAttempts: state.failedAttempts };
}
