import type { Tx } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { creditIncoming } from "@/lib/server/transactions/credit-incoming";
import type { FailureReason, PendingReason } from "@/lib/server/transactions/transaction.contract";
import type { TransactionRow } from "@/lib/server/transactions/transaction-view";

export function requireSandbox(platform: PlatformPrincipal): void {
  if (platform.environment !== "SANDBOX")
    throw new ApiError("FORBIDDEN", "Sandbox endpoints are available to SANDBOX platforms only");
}

/**
 * Money arriving from the sandbox's outside world into an internal account (lib/server/transactions/credit-incoming.ts).
 * `hold` leaves it PENDING or FAILED without crediting, as a sender's VASP would (pending.long / fail.compliance
 * sandbox senders). With `umaSender` the source is that UMA address (Grid's UMA_ADDRESS source).
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
  return creditIncoming(tx, platform, acct, amount, description, { hold, umaSender });
}
