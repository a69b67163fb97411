import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { umaOutgoingPayments } from "@/db/schema";
import { settlementLayerFor } from "./settlement-layer";
import { umaPlatformById } from "./uma-platform";
import { vaspKeys } from "./vasp-keys";

/**
 * The execution's settlement of an UMA payment to another VASP: the invoice the quote's pay request got is paid on the
 * platform's settlement layer, with the transaction's id as the payment's identity. The call is made inside the
 * execution's database transaction, before the debit is written, under the request deadline: a payment the receiver
 * did not acknowledge is not debited (docs/protocol.md "UMA" says what a lost acknowledgement means).
 */
export async function deliverSettlement(
  tx: Tx,
  transactionId: string,
): Promise<{ ok: true } | { ok: false; why: string }> {
  const [p] = await tx.select().from(umaOutgoingPayments).where(eq(umaOutgoingPayments.transactionId, transactionId));
  if (!p) return { ok: false, why: "the quote has no answered pay request" };
  const { platform, domain } = await umaPlatformById(p.platformId, tx);
  const keys = await vaspKeys(platform.id, domain, tx);
  return settlementLayerFor(platform.environment).pay({
    environment: platform.environment,
    senderVaspDomain: domain,
    signingPrivateKey: keys.signingPrivateKey,
    receiverDomain: p.receiverAddress.split("@")[1] ?? "",
    payerIdentifier: p.payerIdentifier,
    invoice: p.invoice,
    amount: p.amount,
    currency: p.currency,
    paymentId: transactionId,
  });
}
