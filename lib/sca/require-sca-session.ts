import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers, scaStates } from "@/db/schema";
import { isScaRegion } from "@/lib/customers/sca-region";
import { ApiError } from "@/lib/api-core/errors";

/** Money movement of an EEA/CH/UK customer needs a live SCA session (POST /sca/login/complete): else 409 SCA_SESSION_REQUIRED. */
export async function requireScaSession(db: DbOrTx, customerUuid: string): Promise<void> {
  const [row] = await db
    .select({ profile: customers.profile, sessionExpiresAt: scaStates.sessionExpiresAt })
    .from(customers)
    .leftJoin(scaStates, eq(scaStates.customerId, customers.id))
    .where(eq(customers.id, customerUuid));
  if (!row || !isScaRegion(row)) return;
  if (!row.sessionExpiresAt || row.sessionExpiresAt.getTime() <= Date.now()) {
    throw new ApiError("SCA_SESSION_REQUIRED", "The customer needs an SCA session: POST /sca/login/start and /sca/login/complete", {
      sessionExpiresAt: row.sessionExpiresAt?.toISOString() ?? null,
    });
  }
}
