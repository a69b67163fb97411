import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { scaStates } from "@/db/schema";
import { isScaRegion } from "@/lib/server/customers/sca-region";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import { ApiError } from "@/lib/server/core/errors";

export const SCA_SESSION_MS = 180 * 24 * 3600 * 1000;
const LOCK_AFTER_FAILURES = 5;
const LOCK_MS = 15 * 60 * 1000;
export const SANDBOX_SCA_CODE = "123456";

export type ScaState = typeof scaStates.$inferSelect;

/** The customer (404 for another tenant's; 409 outside the SCA regions) and its SCA state row, locked for this transaction. */
export async function lockScaState(
  tx: Tx,
  platformId: string,
  customerId: string,
): Promise<{ customer: CustomerRow; state: ScaState }> {
  const customer = await findCustomerOrThrow(tx, platformId, customerId);
  if (!isScaRegion(customer)) {
    throw new ApiError("CONFLICT", "Strong Customer Authentication is not required for this customer", {
      reason: "SCA_NOT_REQUIRED",
    });
  }
  await tx.insert(scaStates).values({ customerId: customer.id, platformId }).onConflictDoNothing();
  const [state] = await tx.select().from(scaStates).where(eq(scaStates.customerId, customer.id)).for("update");
  return { customer, state };
}

export function lockedError(until: Date): ApiError {
  return new ApiError(
    "ACCOUNT_LOCKED",
    `SCA login is locked after ${LOCK_AFTER_FAILURES} failed attempts; retry after ${until.toISOString()}`,
    {
      lockedUntil: until.toISOString(),
    },
  );
}

export function throwIfLocked(state: ScaState): void {
  if (state.lockedUntil && state.lockedUntil.getTime() > Date.now()) throw lockedError(state.lockedUntil);
}

/** Count one failed login; the fifth locks login for 15 minutes. Returns the new state. */
export async function countFailure(tx: Tx, state: ScaState): Promise<ScaState> {
  const failedAttempts = state.failedAttempts + 1;
  const lockedUntil = failedAttempts % LOCK_AFTER_FAILURES === 0 ? new Date(Date.now() + LOCK_MS) : state.lockedUntil;
  const [updated] = await tx
    .update(scaStates)
    .set({ failedAttempts, lockedUntil, updatedAt: sql`now()` })
    .where(eq(scaStates.customerId, state.customerId))
    .returning();
  return updated;
}
