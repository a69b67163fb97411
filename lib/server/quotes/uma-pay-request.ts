import type { DbOrTx, Tx } from "@/db/client";
import { umaOutgoingPayments } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { lnurlpFailed } from "@/lib/server/uma/vasp-request";
import { remotePayRequest } from "@/lib/server/uma/remote-pay-request";
import { payerValues } from "./sender-customer-info";
import type { UmaDestination } from "./uma-destination";

export type AnsweredPayRequest = Awaited<ReturnType<typeof remotePayRequest>> & {
  receiverAddress: string;
  currency: string;
};

/**
 * A quote to a receiver at another VASP: its pay request, made before anything is written, with the payer data the
 * sending customer's record and senderCustomerInfo hold. The receiver's answer fixes the amount it credits, which
 * must be the quote's receiving amount (424 otherwise: the receiver would not honour the quote's rate).
 */
export async function payRemoteReceiver(
  db: DbOrTx,
  platform: PlatformPrincipal,
  uma: UmaDestination,
  payer: { customerId: string | null; sent: Record<string, unknown> | undefined },
  totalReceiving: bigint,
): Promise<AnsweredPayRequest | undefined> {
  if (!uma.remote) return undefined;
  const { known, row } = await payerValues(
    db,
    { customerId: payer.customerId, platformName: platform.name },
    payer.sent,
  );
  const answer = await remotePayRequest(platform, {
    receiverAddress: uma.umaAddress,
    remote: uma.remote,
    currency: uma.currency,
    amount: totalReceiving,
    payer: {
      customerId: payer.customerId,
      umaAddress: row?.umaAddress ?? null,
      kycStatus: row?.kycStatus ?? "APPROVED",
      values: known,
    },
  });
  if (answer.amount !== totalReceiving) {
    throw lnurlpFailed(
      uma.umaAddress.split("@")[1],
      `it would credit ${answer.amount} ${uma.currency}, not the quote's ${totalReceiving}`,
    );
  }
  return { ...answer, receiverAddress: uma.umaAddress, currency: uma.currency };
}

/** The answered pay request, kept by the quote's transaction id for its execution, in the quote's own transaction. */
export async function keepPayRequest(tx: Tx, platformId: string, transactionId: string, p: AnsweredPayRequest) {
  await tx.insert(umaOutgoingPayments).values({
    transactionId,
    platformId,
    receiverAddress: p.receiverAddress,
    payerIdentifier: p.payerIdentifier,
    invoice: p.invoice,
    currency: p.currency,
    amount: p.amount,
  });
}
