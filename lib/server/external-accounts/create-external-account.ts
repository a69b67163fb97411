import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { externalAccounts } from "@/db/schema";
import { findCustomerOrThrow } from "@/lib/server/customers/find-customer";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { invalidInput } from "@/lib/server/core/validation";
import { newUuid } from "@/lib/shared/ids";
import { beneficiaryName, identifierOf, identityKey, initialStatus, ruleErrors } from "./account-rules";
import { variantOf } from "./account-variants";
import { checkBeneficiary, railFor } from "./beneficiary-rail";
import type { ExternalAccountCreate } from "./external-account.contract";
import { toExternalAccount } from "./external-account-view";

/**
 * Create an external account for a customer (`customerId` given) or for the platform itself.
 * `customerUuid` may be passed instead when the caller already resolved the customer (agents).
 */
export async function createExternalAccount(
  platform: PlatformPrincipal,
  input: ExternalAccountCreate,
  owner: { customerId: string } | { customerUuid: string } | { platform: true },
) {
  // paymentRails / countries: the client copies account-info.schema.ts accepts; the stored info never carries them.
  const { paymentRails: _rails, countries: _countries, ...info } = input.accountInfo as Record<string, unknown>;
  const variant = variantOf(String(info.accountType));
  const db = await getDb();
  let customerUuid: string | null = null;
  if ("customerUuid" in owner) customerUuid = owner.customerUuid;
  const errors = ruleErrors(platform, variant, input, "platform" in owner ? null : "customer");
  if (errors.length) throw invalidInput(errors);
  if ("customerId" in owner) customerUuid = (await findCustomerOrThrow(db, platform.id, owner.customerId)).id;

  let check = null;
  const identifier = identifierOf(variant, info);
  const name = beneficiaryName(info);
  if (identifier !== null && name !== null) {
    check = await checkBeneficiary(railFor(platform), {
      accountType: variant.accountType,
      identifier,
      beneficiaryName: name,
    });
    if (check === null) {
      throw new ApiError(
        "INVALID_BANK_ACCOUNT",
        `The payment rail reports ${variant.accountType} ${identifier} as not a valid account`,
      );
    }
  }

  try {
    const row = await db.transaction(async (tx) => {
      if (input.defaultUmaDepositAccount && customerUuid) {
        // At most one default per customer: the new default replaces the old one atomically.
        await tx
          .update(externalAccounts)
          .set({ defaultUmaDepositAccount: false, updatedAt: new Date() })
          .where(
            and(eq(externalAccounts.customerId, customerUuid), eq(externalAccounts.defaultUmaDepositAccount, true)),
          );
      }
      const [inserted] = await tx
        .insert(externalAccounts)
        .values({
          id: newUuid(),
          platformId: platform.id,
          customerId: customerUuid,
          status: initialStatus(platform, variant, input),
          platformAccountId: input.platformAccountId ?? null,
          ownershipType: input.ownershipType ?? null,
          currency: input.currency,
          defaultUmaDepositAccount: input.defaultUmaDepositAccount,
          accountType: variant.accountType,
          accountInfo: info,
          identityKey: identityKey(variant, info),
          beneficiaryVerificationStatus: check?.status ?? null,
          beneficiaryVerifiedName: check?.holderName ?? null,
        })
        .returning();
      return inserted;
    });
    return toExternalAccount(row);
  } catch (e) {
    if (
      isUniqueViolation(e, "external_accounts_customer_identity_uq") ||
      isUniqueViolation(e, "external_accounts_platform_identity_uq")
    ) {
      throw new ApiError(
        "CONFLICT",
        `An external account with the same ${variant.accountType} details already exists for this owner`,
      );
    }
    if (isUniqueViolation(e, "external_accounts_one_default_uq")) {
      throw new ApiError("CONFLICT", "Another default UMA deposit account was set at the same time; retry");
    }
    throw e;
  }
}
