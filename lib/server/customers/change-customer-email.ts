import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { authMethods, customers, internalAccounts } from "@/db/schema";
import { ApiError } from "@/lib/server/core/errors";
import { reply } from "@/lib/server/core/reply";
import { formatId } from "@/lib/shared/ids";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import { toCustomer } from "./customer-view";
import { findCustomerOrThrow } from "./find-customer";
import { credentialSetDigest, tiedEmailOtpCredentials } from "./tied-email-otp-credentials";
import { applyCustomerPatch, checkPatchApplies, type UpdateCustomerInput } from "./apply-customer-patch";

type Ctx = { credentialSetDigest: string; credentialIds: string[] };

function newEmail(input: UpdateCustomerInput): string {
  const email = input.patch.email;
  if (email === undefined) {
    throw invalidInput(
      [{ field: "email", message: "Required on a signed-retry customer update" }],
      "A signed customer update changes the email; the body has no email",
    );
  }
  return email;
}

/** 409 when another customer's EMAIL_OTP credential already uses the address (compared case-insensitively). */
async function checkEmailFree(
  db: DbOrTx,
  input: UpdateCustomerInput,
  customerId: string,
  email: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: authMethods.id })
    .from(authMethods)
    .innerJoin(internalAccounts, eq(internalAccounts.id, authMethods.accountId))
    .where(
      and(
        eq(authMethods.platformId, input.platform.id),
        eq(authMethods.type, "EMAIL_OTP"),
        sql`${authMethods.revokedAt} is null`,
        sql`lower(${authMethods.nickname}) = lower(${email})`,
        ne(internalAccounts.customerId, customerId),
      ),
    )
    .limit(1);
  if (taken) {
    throw new ApiError(
      "EMAIL_OTP_EMAIL_ALREADY_EXISTS",
      "Another customer's EMAIL_OTP credential already uses this email",
      {
        field: "email",
      },
    );
  }
}

async function checkSetUnchanged(db: DbOrTx, customerId: string, context: Ctx): Promise<void> {
  const set = await tiedEmailOtpCredentials(db, customerId);
  if (credentialSetDigest(set) !== context.credentialSetDigest) {
    throw new ApiError(
      "EMAIL_OTP_CREDENTIAL_SET_CHANGED",
      "The customer's EMAIL_OTP credentials changed after the signed-retry challenge was issued; start again",
      {
        expectedCredentialIds: context.credentialIds.map((id) => formatId("AuthMethod", id)),
        currentCredentialIds: set.map((c) => formatId("AuthMethod", c.id)),
      },
    );
  }
}

/**
 * PATCH /customers/{id} changing the email while EMAIL_OTP credentials are tied (spec "Other endpoints
 * referenced"; real-service: ACTIVITY_TYPE_UPDATE_USER_EMAIL): a signed retry by any active session of the
 * wallet. The 202 binds the new email and a digest of the tied credential set; at acceptance the customer
 * email and the credentials' nickname change in the one consuming transaction, all or nothing.
 */
const changeCustomerEmailOperation: SignedOperation<UpdateCustomerInput, Ctx> = {
  name: "customers.change-email",
  activityType: "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
  async prepare(input, db) {
    const email = newEmail(input);
    const current = await findCustomerOrThrow(db, input.platform.id, input.customerId);
    checkPatchApplies(current, input.patch);
    const set = await tiedEmailOtpCredentials(db, current.id);
    if (set.length === 0) {
      throw invalidInput([], "The customer has no EMAIL_OTP credential: change the email without a signature", {
        reason: "NO_TIED_EMAIL_OTP_CREDENTIAL",
      });
    }
    await checkEmailFree(db, input, current.id, email);
    return {
      // Any active session of the wallet signs; provisioning ties one wallet per customer.
      accountId: set[0].accountId,
      parameters: { customerId: formatId("Customer", current.id), userEmail: email },
      signer: { kind: "SESSION", accountId: set[0].accountId },
      context: { credentialSetDigest: credentialSetDigest(set), credentialIds: set.map((c) => c.id) },
    };
  },
  async recheck(input, context, db) {
    const current = await findCustomerOrThrow(db, input.platform.id, input.customerId);
    await checkSetUnchanged(db, current.id, context);
    await checkEmailFree(db, input, current.id, newEmail(input));
  },
  async execute(tx, input, context) {
    const email = newEmail(input);
    const [locked] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, (await findCustomerOrThrow(tx, input.platform.id, input.customerId)).id))
      .for("update");
    // Serialise changes to one address on this platform, so two customers cannot both take it.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`email-otp-email:${input.platform.id}:${email.toLowerCase()}`}, 0))`,
    );
    await checkSetUnchanged(tx, locked.id, context);
    await checkEmailFree(tx, input, locked.id, email);
    const row = await applyCustomerPatch(tx, locked, input.patch);
    if (context.credentialIds.length > 0) {
      await tx
        .update(authMethods)
        .set({ nickname: email, updatedAt: new Date() })
        .where(and(inArray(authMethods.id, context.credentialIds), sql`${authMethods.revokedAt} is null`));
    }
    return reply(200, toCustomer(row));
  },
};

export function changeCustomerEmail(call: SignedCall<UpdateCustomerInput>) {
  return runSignedRetry(changeCustomerEmailOperation, call);
}
