import { eq, sql } from "drizzle-orm";
import { preparedInTransaction } from "@/db/prepared";
import type { Tx } from "@/db/client";
import { externalAccounts, platforms } from "@/db/schema";
import { identifierOf } from "@/lib/server/external-accounts/account-rules";
import { VARIANT_BY_TYPE } from "@/lib/server/external-accounts/account-variants";
import { type CounterpartyAnswer, isSandboxAddress, sandboxCounterparty } from "@/lib/server/uma/counterparty";
import { deliverSettlement } from "@/lib/server/uma/deliver-settlement";
import { WALLET_NETWORKS, type CryptoNetwork } from "./on-chain";
import type { FailureReason } from "./transaction.contract";

export type PayoutOutcome =
  /** `network`: the payout is a crypto transfer on that chain (a wallet destination); its hash is reported once settled. */
  | { ok: true; network?: CryptoNetwork; pendingReason?: "COMPLIANCE_REVIEW"; umaSettlement?: true }
  /** Refused before any debit. */
  | { ok: false; reason: FailureReason; stage: "BEFORE_DEBIT" }
  /** The rail failed after the debit: the debit is refunded automatically. */
  | { ok: false; reason: FailureReason; stage: "AFTER_DEBIT" };

/** The digits that identify an external account (account number, IBAN, wallet address …). */
function externalIdentifier(accountType: string, info: Record<string, unknown>): string {
  const v = VARIANT_BY_TYPE.get(accountType);
  const id = v ? identifierOf(v, info) : null;
  return id ?? String(info.address ?? info.invoice ?? info.lightningAddress ?? "");
}

/**
 * Sandbox payout rail, by the last three digits of the destination's identifier (reference: sandbox
 * external-account suffixes; docs/protocol.md "Sandbox payouts"): 002 insufficient funds at the rail
 * (QUOTE_EXECUTION_FAILED after debit, refunded), 003 account closed (ACCOUNT_CANNOT_RECEIVE),
 * 004 rejected (COMPLIANCE_REJECTED), 005 returned by the receiving bank (PAYOUT_RETURNED after debit,
 * refunded), 006 invalid account (ACCOUNT_INVALID); anything else settles.
 */
function sandboxPayout(identifier: string): PayoutOutcome {
  switch (identifier.replace(/[^0-9]/g, "").slice(-3)) {
    case "002":
      return { ok: false, reason: "QUOTE_EXECUTION_FAILED", stage: "AFTER_DEBIT" };
    case "003":
      return { ok: false, reason: "ACCOUNT_CANNOT_RECEIVE", stage: "BEFORE_DEBIT" };
    case "004":
      return { ok: false, reason: "COMPLIANCE_REJECTED", stage: "BEFORE_DEBIT" };
    case "005":
      return { ok: false, reason: "PAYOUT_RETURNED", stage: "AFTER_DEBIT" };
    case "006":
      return { ok: false, reason: "ACCOUNT_INVALID", stage: "BEFORE_DEBIT" };
    default:
      return { ok: true };
  }
}

/** What the payout rail does with a payout to an external account. */
export async function payoutOutcome(
  tx: Tx,
  input: { platformId: string; externalAccountId: string; sandbox: boolean },
): Promise<PayoutOutcome> {
  // Started by this call, so that an execution can pipeline it (lib/server/transactions/execute-transaction.ts).
  const [acct] = await payoutAccount(tx).execute({ id: input.externalAccountId });
  if (!acct) return { ok: false, reason: "ACCOUNT_INVALID", stage: "BEFORE_DEBIT" };
  if (acct.status === "INACTIVE") return { ok: false, reason: "ACCOUNT_CANNOT_RECEIVE", stage: "BEFORE_DEBIT" };
  const network = WALLET_NETWORKS[acct.accountType];
  if (!input.sandbox) return network ? { ok: true, network } : { ok: true };
  const outcome = sandboxPayout(externalIdentifier(acct.accountType, acct.accountInfo));
  return outcome.ok && network ? { ok: true, network } : outcome;
}

/**
 * What the payout rail reads of its destination, built once (built per call as a `select *` it took ≈ 0.5 ms of a
 * payout's CPU).
 */
const payoutAccount = preparedInTransaction((db) =>
  db
    .select({
      status: externalAccounts.status,
      accountType: externalAccounts.accountType,
      accountInfo: externalAccounts.accountInfo,
    })
    .from(externalAccounts)
    .where(eq(externalAccounts.id, sql.placeholder("id")))
    .prepare("payout_account"),
);

/**
 * An UMA payment to another VASP's receiver. Grid's sandbox addresses (sandbox platforms): what the table answers;
 * `$pending.long.*` holds the payment PENDING in compliance review, `$fail.compliance.*` refuses it before any debit,
 * a receiver that is gone is ACCOUNT_INVALID; otherwise it settles, with a settlement leg. Any other receiver: the
 * invoice its VASP issued to the quote's pay request is paid on the settlement layer (lib/server/uma/deliver-settlement.ts);
 * unpaid, the payment fails before any debit.
 */
export async function umaPayoutOutcome(
  tx: Tx,
  input: { umaAddress: string; sandbox: boolean; transactionId: string },
): Promise<PayoutOutcome> {
  if (!input.sandbox || !isSandboxAddress(input.umaAddress)) {
    const paid = await deliverSettlement(tx, input.transactionId);
    return paid.ok ? { ok: true } : { ok: false, reason: "QUOTE_EXECUTION_FAILED", stage: "BEFORE_DEBIT" };
  }
  let answer: CounterpartyAnswer | null;
  try {
    answer = await sandboxCounterparty.lookup(input.umaAddress);
  } catch {
    return { ok: false, reason: "QUOTE_EXECUTION_FAILED", stage: "BEFORE_DEBIT" };
  }
  if (!answer) return { ok: false, reason: "ACCOUNT_INVALID", stage: "BEFORE_DEBIT" };
  if (answer.outcome === "FAIL_COMPLIANCE") return { ok: false, reason: "COMPLIANCE_REJECTED", stage: "BEFORE_DEBIT" };
  if (answer.outcome === "PENDING_LONG") return { ok: true, pendingReason: "COMPLIANCE_REVIEW" };
  return { ok: true, umaSettlement: true };
}

/**
 * Whether an incoming payment that could not be credited can be sent back to its source external account:
 * the same rail rules as a payout to that account (a closed, rejected or invalid source → the refund fails).
 */
export async function refundOutcome(
  tx: Tx,
  input: { platformId: string; sourceExternalAccountId: string },
): Promise<PayoutOutcome> {
  const [platform] = await tx
    .select({ environment: platforms.environment })
    .from(platforms)
    .where(eq(platforms.id, input.platformId));
  return payoutOutcome(tx, {
    platformId: input.platformId,
    externalAccountId: input.sourceExternalAccountId,
    sandbox: platform?.environment === "SANDBOX",
  });
}
