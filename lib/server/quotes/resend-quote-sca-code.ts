import { getDb } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { deliverChallenge, openChallenge } from "@/lib/server/sca/sca-challenge";
import { lockQuoteForSca } from "./authorize-quote";
import { defined } from "@/lib/shared/invariant";

/**
 * POST /quotes/{quoteId}/authorize/resend: the same challenge's code again (its expiry is not extended);
 * sandbox sends nothing. A PASSKEY challenge, or none open → 409; one per 30 s and 10 per hour (429).
 */
export async function resendQuoteScaCode(platform: PlatformPrincipal, quoteId: string): Promise<void> {
  const db = await getDb();
  const sms = await db.transaction(async (tx) => {
    const { q, customer } = await lockQuoteForSca(tx, platform, quoteId);
    const challenge = await openChallenge(tx, q.id, "QUOTE");
    if (!challenge || challenge.expiresAt.getTime() <= Date.now()) {
      throw new ApiError("CONFLICT", "The quote has no open SMS challenge (it expired); create a new quote", {
        reason: "NO_PENDING_CHALLENGE",
      });
    }
    if (challenge.factor !== "SMS_OTP") {
      throw new ApiError("CONFLICT", `A ${challenge.factor} challenge has no code to re-send`, {
        reason: "FACTOR_NOT_RESENDABLE",
        factor: challenge.factor,
      });
    }
    await consumeRateLimit(`sca-resend:${q.id}`, RATE_LIMITS.emailOtpChallenge, "SCA code re-sends for this quote");
    return platform.environment === "SANDBOX"
      ? null
      : { to: defined(customer.phoneNumber, "the phone of an SMS_OTP customer"), challengeId: challenge.id };
  });
  await deliverChallenge({ sms });
}
