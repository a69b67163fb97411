import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { FieldError } from "@/lib/server/core/validation";
import { currenciesOf, type Variant } from "./account-variants";
import type { ExternalAccountCreate } from "./external-account.contract";
import { normalizeWalletAddress } from "./wallet-address";

type Info = Record<string, unknown>;

export function isSelfCustodyWallet(v: Variant, info: Info): boolean {
  return v.kind === "wallet" && info.vaspName === undefined;
}

/**
 * The rules beyond field shapes (issue "Rules"), all reported at once as field errors.
 * `owner` is null for the platform's own accounts.
 */
export function ruleErrors(
  platform: PlatformPrincipal,
  v: Variant,
  input: ExternalAccountCreate,
  owner: string | null,
): FieldError[] {
  const errors: FieldError[] = [];
  const info = input.accountInfo as Info;
  const allowed = currenciesOf(v);
  if (allowed && !allowed.includes(input.currency)) {
    errors.push({
      field: "currency",
      constraint: { enum: allowed },
      message: `${v.accountType} takes ${allowed.join(" or ")}, not ${input.currency}`,
    });
  }
  const counterpartyRules = platform.settings.subjectToCounterpartyRules;
  if (counterpartyRules && isSelfCustodyWallet(v, info) && input.ownershipType === undefined) {
    errors.push({
      field: "ownershipType",
      constraint: { enum: ["FIRST_PARTY", "THIRD_PARTY"] },
      message: "Required for self-custody wallets: this platform is subject to counterparty rules",
    });
  }
  if (
    counterpartyRules &&
    v.kind === "wallet" &&
    input.ownershipType === "THIRD_PARTY" &&
    info.beneficiary === undefined
  ) {
    errors.push({
      field: "accountInfo.beneficiary",
      message: "Required for THIRD_PARTY wallets: this platform is subject to counterparty rules",
    });
  }
  if (owner === null && input.defaultUmaDepositAccount) {
    errors.push({
      field: "defaultUmaDepositAccount",
      message: "Only a customer's account can receive the customer's UMA deposits",
    });
  }
  return errors;
}

/** accountType + the identifying fields, normalised: equal keys for one owner are duplicates (409). */
export function identityKey(v: Variant, info: Info): string {
  if (v.kind === "wallet") return `${v.accountType}:${normalizeWalletAddress(v.chain, String(info.address))}`;
  const fields = v.kind === "bank" ? v.identity : ["invoice", "bolt12", "lightningAddress"];
  const parts = fields
    .filter((f) => info[f] !== undefined)
    .map((f) => `${f}=${String(info[f]).replace(/\s+/g, "").toUpperCase()}`);
  return `${v.accountType}:${parts.join("|")}`;
}

/** What the beneficiary rail looks up: the last identifying field present (the account number, IBAN, phone …). */
export function identifierOf(v: Variant, info: Info): string | null {
  if (v.kind !== "bank") return null;
  const present = v.identity.filter((f) => info[f] !== undefined);
  return present.length ? String(info[present[present.length - 1]]) : null;
}

export function beneficiaryName(info: Info): string | null {
  const b = info.beneficiary as { fullName?: string; legalName?: string } | undefined;
  return b?.fullName ?? b?.legalName ?? null;
}

/**
 * Initial status (issue "Statuses"): a FIRST_PARTY self-custody wallet on a platform subject to
 * counterparty rules must prove ownership first; everything else is ACTIVE on sandbox platforms and
 * PENDING (awaiting the provider's checks) on production ones.
 */
export function initialStatus(platform: PlatformPrincipal, v: Variant, input: ExternalAccountCreate) {
  if (
    platform.settings.subjectToCounterpartyRules &&
    isSelfCustodyWallet(v, input.accountInfo as Info) &&
    input.ownershipType === "FIRST_PARTY"
  ) {
    return "PENDING_OWNERSHIP_VERIFICATION" as const;
  }
  return platform.environment === "SANDBOX" ? ("ACTIVE" as const) : ("PENDING" as const);
}

/**
 * Transfers from or to an account in PENDING_OWNERSHIP_VERIFICATION stay allowed below the regulatory
 * threshold (spec "ExternalAccountStatus"; EU Travel Rule: EUR 1,000, applied here to the amount in
 * minor units of a 2-decimal currency). Transfers use this when they arrive.
 */
const OWNERSHIP_UNVERIFIED_TRANSFER_LIMIT_MINOR = 100_000;
export function transferAllowedForStatus(status: string, amountMinor: number): boolean {
  if (status === "ACTIVE") return true;
  if (status === "PENDING_OWNERSHIP_VERIFICATION") return amountMinor < OWNERSHIP_UNVERIFIED_TRANSFER_LIMIT_MINOR;
  return false;
}
