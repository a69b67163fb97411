import { getDb } from "@/db/client";
import { findExternalAccountOrThrow } from "@/lib/server/external-accounts/find-external-account";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { deliverChallenge, issueScaChallenge } from "./sca-challenge";
import { lockScaState, throwIfLocked } from "./sca-state";
import { defined } from "@/lib/shared/invariant";

/**
 * POST /customers/external-accounts/{id}/trust | /untrust: an SCA challenge to the beneficiary's
 * customer (SMS_OTP when the phone is verified, else TOTP, else PASSKEY), satisfied on /confirm.
 * Customers outside the SCA regions → 409; a locked customer → 423.
 */
export async function startBeneficiaryTrust(
  platform: PlatformPrincipal,
  externalAccountId: string,
  action: "TRUST" | "UNTRUST",
) {
  const db = await getDb();
  const issued = await db.transaction(async (tx) => {
    const account = await findExternalAccountOrThrow(
      tx,
      { platformId: platform.id, kind: "customers" },
      externalAccountId,
    );
    const { customer, state } = await lockScaState(
      tx,
      platform.id,
      formatId("Customer", defined(account.customerId, "the customer of a customer's external account")),
    );
    throwIfLocked(state);
    return issueScaChallenge(tx, platform, { customer, state, purpose: action, subjectId: account.id });
  });
  await deliverChallenge(issued);
  return { scaChallenge: issued.view };
}
