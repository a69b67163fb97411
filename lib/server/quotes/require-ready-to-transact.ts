import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import type { AccountOwner } from "@/lib/server/money/resolve-accounts";
import { customers, scaStates } from "@/db/schema";
import { checkEndUserTerms } from "@/lib/server/customers/end-user-terms";
import { checkScaSession } from "@/lib/server/sca/check-sca-session";
import { checkKycApproved } from "@/lib/server/verifications/require-kyc-approved";

/**
 * The customer checks a quote needs, from one read: KYC approved (403 USER_NOT_READY), a live SCA
 * session for EEA/CH/UK customers (409 SCA_SESSION_REQUIRED), consent to the current end-user terms (403).
 */
export async function requireReadyToTransact(db: DbOrTx, customerUuid: string, known?: AccountOwner): Promise<void> {
  // The owner read with its account (resolve-accounts) is the same row: no second read.
  const [row] = known
    ? [known]
    : await db
        .select({
          kycStatus: customers.kycStatus,
          customerType: customers.customerType,
          profile: customers.profile,
          sessionExpiresAt: scaStates.sessionExpiresAt,
        })
        .from(customers)
        .leftJoin(scaStates, eq(scaStates.customerId, customers.id))
        .where(eq(customers.id, customerUuid));
  if (!row) return;
  checkKycApproved(row);
  checkScaSession(row);
  checkEndUserTerms(row.profile);
}
