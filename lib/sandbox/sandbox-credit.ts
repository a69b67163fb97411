import { invalidInput } from "@/lib/api-core/validation";
import type { Tx } from "@/db/client";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { newUuid } from "@/lib/ids";
import { executeTransaction } from "@/lib/transactions/execute-transaction";
import { enter } from "@/lib/transactions/transitions";
import type { FailureReason, PendingReason } from "@/lib/transactions/transaction.contract";
import type { TransactionRow } from "@/lib/transactions/transaction-view";

export function requireSandbox(platform: PlatformPrincipal): void {
  if (platform.environment !== "SANDBOX")
    throw new ApiError("FORBIDDEN", "Sandbox endpoints are available to SANDBOX platforms only");
}

/**
 * Money arriving from the sandbox's outside world into an internal account, as an INCOMING transaction through
 * the one engine (ledger, events in the same transaction). `hold` leaves it PENDING or FAILED without crediting,
 * as a sender's VASP would (pending.long / fail.compliance sandbox senders). With `umaSender` the source is that
 * UMA address (Grid's UMA_ADDRESS source).
 */
export async function creditFromSandbox(
  tx: Tx,
  platform: PlatformPrincipal,
  acct: { uuid: string; customerId: string | null; currency: string },
  amount: bigint,
  description: string,
  hold?: { status: "PENDING"; pendingReason: PendingReason } | { status: "FAILED"; failureReason: FailureReason },
  umaSender?: string,
): Promise<TransactionRow> {
  const entry = hold?.status === "PENDING" ? "HELD" : hold?.status === "FAILED" ? "REFUSED" : "EXECUTE";
  const { row: t } = await enter(tx, entry, {
    id: newUuid(),
    platformId: platform.id,
    customerId: acct.customerId,
    kind: "FUNDING",
    direction: "INCOMING",
    pendingReason: hold?.status === "PENDING" ? hold.pendingReason : null,
    failureReason: hold?.status === "FAILED" ? hold.failureReason : null,
    sourceKind: umaSender ? "UMA" : "SANDBOX",
    sourceAccountId: null,
    counterpartyUmaAddress: umaSender ?? null,
    destinationKind: "INTERNAL",
    destinationAccountId: acct.uuid,
    sendingCurrency: acct.currency,
    sendingAmount: amount,
    receivingCurrency: acct.currency,
    receivingAmount: amount,
    exchangeRate: "1",
    feesAmount: 0n,
    platformFeesAmount: 0n,
    usdValueCents: 0n,
    description,
  });
  if (hold) return t;
  const done = await executeTransaction(tx, t, { settings: platform.settings, sandbox: true, onRefusal: "throw" });
  if (done.status !== "COMPLETED") throw invalidInput([], `The account cannot receive funds (${done.failureReason})`);
  return done;
}
