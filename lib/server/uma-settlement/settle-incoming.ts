import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db/client";
import { umaInvoices } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { invalidInput } from "@/lib/server/core/validation";
import { publicOrigin } from "@/lib/shared/config/env";
import { formatId, newUuid } from "@/lib/shared/ids";
import { creditIncoming } from "@/lib/server/transactions/credit-incoming";
import { moneyTransaction } from "@/lib/server/transactions/money-transaction";
import { nonceCache } from "@/lib/server/uma/nonce-cache";
import { type SettlementDelivery, settlementSignatureValid } from "@/lib/server/uma/settlement-signature";
import { umaPlatformById } from "@/lib/server/uma/uma-platform";
import { vaspPubKeys } from "@/lib/server/uma/vasp-pubkeys";

const settled = (invoice: string, transactionId: string) => ({
  status: "SETTLED" as const,
  invoice,
  transactionId: formatId("Transaction", transactionId),
});

/**
 * POST /uma/settlement/{invoice}: the sandbox settlement layer's delivery of a payment for an invoice this service
 * issued. Signed by the VASP that asked for the invoice; a delivery for an invoice already settled answers that
 * settlement again (a retry credits once: the invoice takes its transaction id from NULL only, in the credit's
 * database transaction); a fresh one needs a fresh nonce, the invoice's amount and currency, and an unexpired invoice.
 */
export async function settleIncoming(invoiceParam: string, d: SettlementDelivery & { signature: string }) {
  const id = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(invoiceParam) ? invoiceParam : null;
  const db = await getDb();
  const [invoice] = id ? await db.select().from(umaInvoices).where(eq(umaInvoices.id, id)) : [];
  if (!id || !invoice) throw notFound("UMA_NOT_FOUND", "UMA invoice", invoiceParam);
  const url = `${publicOrigin()}/uma/settlement/${invoice.id}`;
  const { platform } = await umaPlatformById(invoice.platformId);
  if (d.invoice !== url || d.senderVaspDomain.toLowerCase() !== invoice.senderVaspDomain)
    throw invalidInput([{ field: "invoice", message: "Not this invoice or not its payer's VASP" }], "Wrong invoice");
  const keys = await vaspPubKeys(platform.environment, invoice.senderVaspDomain);
  if (!settlementSignatureValid(d, d.signature, keys))
    throw new ApiError("INVALID_SIGNATURE", "The delivery's signature does not verify against the payer VASP's key", {
      reason: "UMA_SIGNATURE",
    });
  if (invoice.transactionId) return settled(url, invoice.transactionId);
  if (BigInt(d.amount) !== invoice.amount || d.currency !== invoice.currency)
    throw invalidInput(
      [{ field: "amount", message: `The invoice is for ${invoice.amount} ${invoice.currency}` }],
      "Wrong amount",
    );
  if (invoice.expiresAt.getTime() < Date.now()) throw new ApiError("QUOTE_EXPIRED", "The invoice has expired");
  if (!(await nonceCache(invoice.senderVaspDomain).checkAndSaveNonce(d.nonce, d.timestamp)))
    throw new ApiError("INVALID_SIGNATURE", "The delivery's nonce was seen before or its timestamp is too old", {
      reason: "UMA_NONCE_REFUSED",
    });
  const transactionId = await moneyTransaction(async (tx) => {
    const txId = newUuid();
    const [won] = await tx
      .update(umaInvoices)
      .set({ transactionId: txId })
      .where(and(eq(umaInvoices.id, invoice.id), isNull(umaInvoices.transactionId)))
      .returning({ id: umaInvoices.id });
    if (!won) return null;
    await creditIncoming(
      tx,
      platform,
      { uuid: invoice.accountId, customerId: invoice.customerId, currency: invoice.currency },
      invoice.amount,
      `UMA payment from ${invoice.payerIdentifier}`,
      { umaSender: invoice.payerIdentifier, id: txId },
    );
    return txId;
  });
  if (transactionId) return settled(url, transactionId);
  const [after] = await db.select().from(umaInvoices).where(eq(umaInvoices.id, invoice.id));
  if (!after?.transactionId) throw new Error(`uma invoice ${invoice.id}: settled by none`);
  return settled(url, after.transactionId);
}
