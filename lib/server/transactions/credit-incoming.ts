import { invalidInput } from "@/lib/server/core/validation";
import type { Tx } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { newUuid } from "@/lib/shared/ids";
import { executeTransaction } from "./execute-transaction";
import { enter } from "./transitions";
import type { FailureReason, PendingReason } from "./transaction.contract";
import type { TransactionRow } from "./transaction-view";

/**
 * Money arriving from outside into an internal account, as an INCOMING transaction through the one engine (ledger,
 * Grid's INCOMING_PAYMENT events in the same transaction). `hold` leaves it PENDING or FAILED without crediting, as a
 * sender's VASP would; with `umaSender` the source is that UMA address (Grid's UMA_ADDRESS source), else the sandbox.
 */
export async function creditIncoming(
  tx: Tx,
  platform: PlatformPrincipal,
  acct: { uuid: string; customerId: string | null; currency: string },
  amount: bigint,
  description: string,
  opts: {
    hold?: { status: "PENDING"; pendingReason: PendingReason } | { status: "FAILED"; failureReason: FailureReason };
    umaSender?: string;
    id?: string;
  } = {},
): Promise<TransactionRow> {
  const { hold, umaSender } = opts;
  const entry = hold?.status === "PENDING" ? "HELD" : hold?.status === "FAILED" ? "REFUSED" : "EXECUTE";
  const { row: t } = await enter(tx, entry, {
    id: opts.id ?? newUuid(),
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
  const done = await executeTransaction(tx, t, {
    settings: platform.settings,
    sandbox: platform.environment === "SANDBOX",
    onRefusal: "throw",
  });
  if (done.status !== "COMPLETED") throw invalidInput([], `The account cannot receive funds (${done.failureReason})`);
  return done;
}
