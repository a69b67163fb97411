import type { InferSelectModel } from "drizzle-orm";
import type { externalAccounts } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import { type Variant, variantOf } from "./account-variants";
import type { ExternalAccount } from "./external-account.contract";

export type ExternalAccountRow = InferSelectModel<typeof externalAccounts>;

/** The payment rails of an account: the variant's, narrowed by which alternative group (bank or mobile money …) is filled. */
export function paymentRailsOf(v: Variant, info: Record<string, unknown>): string[] {
  if (v.kind === "wallet") return [v.accountType.replace(/_WALLET$/, "")];
  if (v.kind === "lightning") return ["LIGHTNING"];
  const alt = v.alternatives?.find((a) => a.fields.every((f) => info[f] !== undefined));
  return alt ? alt.rails : v.rails;
}

export function toExternalAccount(row: ExternalAccountRow): ExternalAccount {
  const variant = variantOf(row.accountType);
  const out: Record<string, unknown> = {
    id: formatId("ExternalAccount", row.id),
    customerId: row.customerId ? formatId("Customer", row.customerId) : null,
    status: row.status,
    currency: row.currency,
    defaultUmaDepositAccount: row.defaultUmaDepositAccount,
    accountInfo: { ...row.accountInfo, paymentRails: paymentRailsOf(variant, row.accountInfo) },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.platformAccountId !== null) out.platformAccountId = row.platformAccountId;
  if (row.ownershipType !== null) out.ownershipType = row.ownershipType;
  if (row.beneficiaryVerificationStatus !== null) out.beneficiaryVerificationStatus = row.beneficiaryVerificationStatus;
  if (row.beneficiaryVerifiedName !== null) out.beneficiaryVerifiedData = { fullName: row.beneficiaryVerifiedName };
  return out as ExternalAccount;
}
