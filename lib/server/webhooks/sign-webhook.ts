import crypto, { type KeyObject } from "node:crypto";

export const SIGNATURE_HEADER = "Service-Webhook-Signature";

/**
 * protocol.md "Webhooks": `t=<unix seconds>,v1=<base64 DER ECDSA-P256-SHA256 over "<t>.<raw body>">`.
 * The timestamp is inside the signed bytes so a receiver can refuse replays older than 5 minutes.
 */
export function signWebhook(rawBody: string, unixSeconds: number, privateKey: KeyObject): string {
  const signed = Buffer.from(`${unixSeconds}.${rawBody}`, "utf8");
  const der = crypto.sign("sha256", signed, { key: privateKey, dsaEncoding: "der" });
  return `t=${unixSeconds},v1=${der.toString("base64")}`;
}
