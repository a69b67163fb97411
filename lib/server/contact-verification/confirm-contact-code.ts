import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { contactChallenges, customers } from "@/db/schema";
import { otpMatches } from "@/lib/server/credentials/email-otp/otp-code";
import { toCustomer } from "@/lib/server/customers/customer-view";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { CONTACT_CODE_MAX_ATTEMPTS, requireVerifiableChannel } from "./contact-rules";
import type { ContactChannel } from "@/lib/server/customers/sca-region";

const badCode = (reason: string, message: string) => invalidInput([{ field: "code", message }], message, { reason });

/**
 * POST …/verify-email/confirm | verify-phone/confirm. The challenge row is locked, so concurrent
 * guesses count one by one; a wrong code counts even when it is the last allowed.
 */
export async function confirmContactCode(
  platform: PlatformPrincipal,
  customerId: string,
  channel: ContactChannel,
  code: string,
) {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const customer = await findCustomerOrThrow(tx, platform.id, customerId);
    const value = requireVerifiableChannel(customer, channel);
    const [ch] = await tx
      .select()
      .from(contactChallenges)
      .where(and(eq(contactChallenges.customerId, customer.id), eq(contactChallenges.channel, channel)))
      .for("update");
    if (!ch || ch.destination !== value)
      return badCode("NO_CODE", `No ${channel} verification code is outstanding; request one first`);
    if (ch.expiresAt.getTime() <= Date.now()) return badCode("CODE_EXPIRED", "The code has expired; request a new one");
    if (ch.attempts >= CONTACT_CODE_MAX_ATTEMPTS)
      return badCode("TOO_MANY_ATTEMPTS", "Too many wrong codes; request a new one");
    if (!(await otpMatches(ch.id, code, ch.codeDigest))) {
      await tx
        .update(contactChallenges)
        .set({ attempts: ch.attempts + 1 })
        .where(eq(contactChallenges.id, ch.id));
      return badCode("INVALID_CODE", "The code is not correct");
    }
    await tx.delete(contactChallenges).where(eq(contactChallenges.id, ch.id));
    const [row] = await tx
      .update(customers)
      .set({
        contactVerified: sql`${customers.contactVerified} || ${JSON.stringify({ [channel]: value })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, customer.id))
      .returning();
    return row;
  });
  // A refusal is returned, not thrown, so that the attempt count above commits.
  if (outcome instanceof ApiError) throw outcome;
  return toCustomer(outcome);
}
