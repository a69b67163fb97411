import { ApiError } from "@/lib/server/core/errors";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import { channelValue, isScaRegion, type ContactChannel } from "@/lib/server/customers/sca-region";

export const CONTACT_CODE_TTL_MS = 10 * 60 * 1000;
export const CONTACT_CODE_MAX_ATTEMPTS = 5;
/** protocol.md "Sandbox rules of the named areas": contact verification, SCA, trust and TOTP use 123456. */
export const SANDBOX_CONTACT_CODE = "123456";

/** The value to verify on `channel`, or 409: not mandated, no such contact detail, or already verified. */
export function requireVerifiableChannel(customer: CustomerRow, channel: ContactChannel): string {
  if (!isScaRegion(customer)) {
    throw new ApiError("CONFLICT", "This customer's payment provider does not require contact verification", {
      reason: "NOT_REQUIRED",
    });
  }
  const value = channelValue(customer, channel);
  if (!value)
    throw new ApiError("CONFLICT", `The customer has no ${channel === "email" ? "email" : "phone number"} on file`, {
      reason: "NO_CONTACT",
    });
  if (customer.contactVerified?.[channel] === value) {
    throw new ApiError("CONFLICT", `The customer's ${channel} is already verified`, { reason: "ALREADY_VERIFIED" });
  }
  return value;
}
