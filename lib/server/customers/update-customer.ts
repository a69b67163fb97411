import { getDb } from "@/db/client";
import { reply } from "@/lib/server/core/reply";
import { REQUEST_ID_HEADER, SIGNATURE_HEADER, type SignedCall } from "@/lib/server/signed-retry/signed-operation";
import { toCustomer } from "./customer-view";
import { applyCustomerPatch, type UpdateCustomerInput } from "./apply-customer-patch";
import { changeCustomerEmail } from "./change-customer-email";
import { findCustomerOrThrow } from "./find-customer";
import { tiedEmailOtpCredentials } from "./tied-email-otp-credentials";

/**
 * PATCH /customers/{customerId}. Plain updates are synchronous (200). Changing `email` while an EMAIL_OTP
 * credential is tied to the customer's wallet needs a wallet signature (spec "Other endpoints referenced"):
 * that path, and any request already carrying signed-retry headers, goes through
 * lib/server/customers/change-customer-email.ts.
 */
export async function updateCustomer(call: SignedCall<UpdateCustomerInput>) {
  const { platform, customerId, patch } = call.input;
  const db = await getDb();
  const signedRetry = call.headers.get(SIGNATURE_HEADER) !== null || call.headers.get(REQUEST_ID_HEADER) !== null;
  if (!signedRetry && patch.email !== undefined) {
    const current = await findCustomerOrThrow(db, platform.id, customerId);
    if (patch.email !== current.email && (await tiedEmailOtpCredentials(db, current.id)).length > 0)
      return changeCustomerEmail(call);
  }
  if (signedRetry) return changeCustomerEmail(call);
  const row = await db.transaction(async (tx) => {
    const current = await findCustomerOrThrow(tx, platform.id, customerId);
    return applyCustomerPatch(tx, current, patch);
  });
  return reply(200, toCustomer(row));
}
