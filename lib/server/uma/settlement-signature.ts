import crypto from "node:crypto";
import type { PubKeyResponse } from "@uma-sdk/core";

/** The sandbox settlement layer's delivery (docs/protocol.md "UMA"): what the paying VASP signs. */
export interface SettlementDelivery {
  invoice: string;
  senderVaspDomain: string;
  payerIdentifier: string;
  amount: number;
  currency: string;
  paymentId: string;
  nonce: string;
  timestamp: number;
}

export function settlementPayload(d: SettlementDelivery): string {
  return [d.invoice, d.amount, d.currency, d.paymentId, d.nonce, d.timestamp].join("|");
}

/** ECDSA over SHA-256 of the payload, DER, hex (as UMA signs its own messages), checked with the sender's signing key. */
export function settlementSignatureValid(d: SettlementDelivery, signatureHex: string, keys: PubKeyResponse): boolean {
  try {
    const raw = Buffer.from(keys.getSigningPubKey());
    const key = crypto.createPublicKey({
      key: {
        kty: "EC",
        crv: "secp256k1",
        x: raw.subarray(1, 33).toString("base64url"),
        y: raw.subarray(33, 65).toString("base64url"),
      },
      format: "jwk",
    });
    return crypto.verify("sha256", Buffer.from(settlementPayload(d)), key, Buffer.from(signatureHex, "hex"));
  } catch {
    return false;
  }
}
