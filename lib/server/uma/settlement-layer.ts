import { generateNonce, signPayload } from "@uma-sdk/core";
import type { Environment } from "@/lib/server/webhooks/webhook-destination";
import { type SettlementDelivery, settlementPayload } from "./settlement-signature";
import { vaspRequest } from "./vasp-request";

interface OutgoingSettlement {
  environment: Environment;
  senderVaspDomain: string;
  signingPrivateKey: Uint8Array;
  receiverDomain: string;
  payerIdentifier: string;
  /** The PayReqResponse's `pr`. */
  invoice: string;
  amount: bigint;
  currency: string;
  /** The paying transaction's id: the same payment delivered twice is one payment. */
  paymentId: string;
}

/**
 * The seam money crosses between VASPs once a pay request is answered: pay the receiver's invoice. The receiving
 * side's half is the delivery endpoint (`POST /uma/settlement/{invoice}`, lib/server/uma-settlement/settle-incoming.ts),
 * which a Lightning adapter calls when its node reports the invoice paid.
 */
export interface SettlementLayer {
  pay(s: OutgoingSettlement): Promise<{ ok: true } | { ok: false; why: string }>;
}

/**
 * The sandbox settlement layer (`settlementOptions` layer "sandbox"): the invoice is the receiving VASP's delivery
 * URL, and paying it is one signed POST there (docs/protocol.md "UMA"); the receiver credits once per invoice.
 */
const sandboxLayer: SettlementLayer = {
  async pay(s) {
    const delivery: SettlementDelivery = {
      invoice: s.invoice,
      senderVaspDomain: s.senderVaspDomain,
      payerIdentifier: s.payerIdentifier,
      amount: Number(s.amount),
      currency: s.currency,
      paymentId: s.paymentId,
      nonce: generateNonce(),
      timestamp: Math.floor(Date.now() / 1000),
    };
    const signature = await signPayload(settlementPayload(delivery), s.signingPrivateKey);
    try {
      const { status, json } = await vaspRequest(
        s.environment,
        { domain: s.receiverDomain, url: s.invoice, atDomain: false },
        { ...delivery, signature },
      );
      if (status === 200 && (json as { status?: unknown })?.status === "SETTLED") return { ok: true };
      return { ok: false, why: `the receiver answered HTTP ${status}` };
    } catch (e) {
      return { ok: false, why: (e as Error).message };
    }
  },
};

/**
 * Production settles over Lightning: the adapter point. A deployment plugs its node in here (pay the BOLT-11 invoice
 * of the PayReqResponse); until then a production payment to another VASP fails before any debit.
 */
const lightningLayer: SettlementLayer = {
  async pay() {
    return { ok: false, why: "no Lightning node is configured for UMA settlement" };
  },
};

export function settlementLayerFor(environment: Environment): SettlementLayer {
  return environment === "SANDBOX" ? sandboxLayer : lightningLayer;
}
