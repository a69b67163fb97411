import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods, customers } from "@/db/schema";
import { ApiError } from "@/lib/api-core/errors";
import { newUuid } from "@/lib/ids";
import { runSignedRetry } from "@/lib/signed-retry/run-signed-retry";
import type { CredentialTypeHandler, AddCredentialInput } from "../credential-handler-types";
import { emailOtpLoginOperation } from "./email-otp-login";
import { issueOtp } from "./issue-otp";

function alreadyExists(accountId: string): ApiError {
  return new ApiError("EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS", `The account ${accountId} already has an EMAIL_OTP credential (one per account)`);
}

async function checkAddable(db: DbOrTx, input: AddCredentialInput): Promise<string> {
  const [existing] = await db
    .select({ id: authMethods.id })
    .from(authMethods)
    .where(and(eq(authMethods.accountId, input.account.id), eq(authMethods.type, "EMAIL_OTP"), sql`${authMethods.revokedAt} is null`))
    .limit(1);
  if (existing) throw alreadyExists(input.body.accountId);
  const [customer] = input.account.customerId
    ? await db.select({ email: customers.email }).from(customers).where(eq(customers.id, input.account.customerId)).limit(1)
    : [];
  if (!customer?.email) {
    throw new ApiError("INVALID_INPUT", "An EMAIL_OTP credential needs the customer's email on file; the customer has none", {
      reason: "CUSTOMER_EMAIL_MISSING",
    });
  }
  return customer.email;
}

export const emailOtpHandler: CredentialTypeHandler = {
  type: "EMAIL_OTP",
  async prepareAdd(db, input) {
    const email = await checkAddable(db, input);
    return { parameters: { email } };
  },
  async recheckAdd(db, input) {
    await checkAddable(db, input);
  },
  async add(tx, input) {
    const email = await checkAddable(tx, input);
    try {
      const [row] = await tx
        .insert(authMethods)
        .values({ id: newUuid(), platformId: input.platform.id, accountId: input.account.id, type: "EMAIL_OTP", nickname: email })
        .returning();
      return { row };
    } catch (e) {
      // The partial unique index (one live EMAIL_OTP per account) settles a race between two adds.
      if (String((e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code) === "23505") throw alreadyExists(input.body.accountId);
      throw e;
    }
  },
  challenge({ platform, credential, body }) {
    return issueOtp(platform, credential, body);
  },
  verify(call) {
    return runSignedRetry(emailOtpLoginOperation, call);
  },
};
