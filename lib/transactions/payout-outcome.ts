import type { Tx } from "@/db/client";
import type { FailureReason } from "./transaction.contract";

export type PayoutOutcome =
  | { ok: true }
  /** Refused before any debit. */
  | { ok: false; reason: FailureReason; stage: "BEFORE_DEBIT" }
  /** The rail failed after the debit: the debit is refunded automatically. */
  | { ok: false; reason: FailureReason; stage: "AFTER_DEBIT" };

/**
 * What the payout rail does with a payout to an external account. Sandbox platforms follow the
 * documented suffix rules of the account's identifier (docs/protocol.md "Sandbox payouts").
 */
export async function payoutOutcome(_tx: Tx, _input: { platformId: string; externalAccountId: string; sandbox: boolean }): Promise<PayoutOutcome> {
  return { ok: true };
}
