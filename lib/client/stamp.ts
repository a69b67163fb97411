/**
 * The `Service-Wallet-Signature` header (protocol.md "stamp"): base64url of
 * {"publicKey","scheme":"SIGNATURE_SCHEME_TK_API_P256","signature"} where signature is DER hex of
 * ECDSA-P256-SHA256 over the UTF-8 bytes of payloadToSign exactly as received.
 */
import { p256 } from "@noble/curves/nist.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { SessionKey } from "./keys";

export async function stampPayload(payloadToSign: string, key: SessionKey): Promise<string> {
  // WebCrypto hashes with SHA-256 and answers IEEE P1363 (r‖s, 64 bytes); the wire wants DER.
  const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key.privateKey, new TextEncoder().encode(payloadToSign)));
  const der = p256.Signature.fromBytes(raw, "compact").toBytes("der");
  const json = JSON.stringify({ publicKey: key.publicKeyHex, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature: bytesToHex(der) });
  return base64url(new TextEncoder().encode(json));
}

export function base64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
