import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods, customers } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import { newUuid } from "@/lib/shared/ids";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { CredentialTypeHandler, AddCredentialInput } from "../credential-handler-types";
import { otpLoginOperation } from "./email-otp-login";
import { issueOtp } from "./issue-otp";
import { EMAIL_CHANNEL, SMS_CHANNEL, type OtpChannel } from "./otp-channel";

function alreadyExists(channel: OtpChannel, accountId: string): ApiError {
  return new ApiError(
    channel.alreadyExists,
    `The account ${accountId} already has an ${channel.type} credential (one per account)`,
  );
}

/** The customer's email (phone number) the credential will use, or the refusal. */
async function checkAddable(db: DbOrTx, channel: OtpChannel, input: AddCredentialInput): Promise<string> {
  const [existing] = await db
    .select({ id: authMethods.id })
    .from(authMethods)
    .where(
      and(
        eq(authMethods.accountId, input.account.id),
        eq(authMethods.type, channel.type),
        sql`${authMethods.revokedAt} is null`,
      ),
    )
    .limit(1);
  if (existing) throw alreadyExists(channel, input.body.accountId);
  const [customer] = input.account.customerId
    ? await db
        .select({ contact: customers[channel.contact] })
        .from(customers)
        .where(eq(customers.id, input.account.customerId))
        .limit(1)
    : [];
  if (!customer?.contact) {
    throw invalidInput(
      [],
      `An ${channel.type} credential needs the customer's ${channel.contactLabel} on file; the customer has none`,
      { reason: channel.type === "EMAIL_OTP" ? "CUSTOMER_EMAIL_MISSING" : "CUSTOMER_PHONE_MISSING" },
    );
  }
  return customer.contact;
}

function otpHandler(channel: OtpChannel): CredentialTypeHandler {
  const login = otpLoginOperation(channel);
  return {
    type: channel.type,
    async prepareAdd(db, input) {
      const contact = await checkAddable(db, channel, input);
      return { parameters: { [channel.contact === "email" ? "email" : "phoneNumber"]: contact } };
    },
    async recheckAdd(db, input) {
      await checkAddable(db, channel, input);
    },
    async add(tx, input) {
      const contact = await checkAddable(tx, channel, input);
      try {
        const [row] = await tx
          .insert(authMethods)
          .values({
            id: newUuid(),
            platformId: input.platform.id,
            accountId: input.account.id,
            type: channel.type,
            nickname: contact,
          })
          .returning();
        return { row };
      } catch (e) {
        // The partial unique index (one live OTP credential of a type per account) settles a race between two adds.
        if (String((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code) === "23505")
          throw alreadyExists(channel, input.body.accountId);
        throw e;
      }
    },
    challenge({ platform, credential, body }) {
      return issueOtp(channel, platform, credential, body);
    },
    verify(call) {
      return runSignedRetry(login, call);
    },
  };
}

export const emailOtpHandler = otpHandler(EMAIL_CHANNEL);
export const smsOtpHandler = otpHandler(SMS_CHANNEL);
