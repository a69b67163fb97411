import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { contactChallenges } from "@/db/schema";
import { newOtpCode, otpDigest } from "@/lib/server/credentials/email-otp/otp-code";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { sendMail } from "@/lib/server/mail/send-mail";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { sendSms } from "@/lib/server/sms/send-sms";
import { CONTACT_CODE_TTL_MS, SANDBOX_CONTACT_CODE, requireVerifiableChannel } from "./contact-rules";
import type { ContactChannel } from "@/lib/server/customers/sca-region";

/** POST /customers/{id}/verify-email | verify-phone: a fresh code replaces any outstanding one. */
export async function sendContactCode(
  platform: PlatformPrincipal,
  customerId: string,
  channel: ContactChannel,
): Promise<void> {
  const db = await getDb();
  const customer = await findCustomerOrThrow(db, platform.id, customerId);
  const destination = requireVerifiableChannel(customer, channel);
  await consumeRateLimit(
    `contact-code:${customer.id}:${channel}`,
    RATE_LIMITS.emailOtpChallenge,
    `${channel} verification codes for this customer`,
  );
  const sandbox = platform.environment === "SANDBOX";
  const code = sandbox ? SANDBOX_CONTACT_CODE : newOtpCode(false);
  const id = newUuid();
  const values = {
    id,
    platformId: platform.id,
    customerId: customer.id,
    channel,
    destination,
    codeDigest: await otpDigest(id, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + CONTACT_CODE_TTL_MS),
  };
  await db.transaction(async (tx) => {
    await tx
      .delete(contactChallenges)
      .where(and(eq(contactChallenges.customerId, customer.id), eq(contactChallenges.channel, channel)));
    await tx.insert(contactChallenges).values(values);
  });
  if (sandbox) return;
  const text = `Your verification code is ${code}. It expires in 10 minutes.`;
  if (channel === "email") await sendMail({ to: destination, subject: "Your verification code", text });
  else await sendSms({ to: destination, body: text });
}
