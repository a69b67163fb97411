/**
 * The `Service-Wallet-Signature` header (protocol.md "stamp") made with a non-extractable WebCrypto
 * key: base64url of {"publicKey","scheme","signature"} where signature is DER hex of
 * ECDSA-P256-SHA256 over the UTF-8 bytes of payloadToSign exactly as received.
 */
import { base64urlEncode, bytesToHex, utf8Encode } from "@/lib/shared/crypto/web/encoding";
import { rawToDer } from "@/lib/shared/crypto/web/p256";
import { STAMP_SCHEME } from "@/lib/shared/crypto/web/stamp";
import type { SessionKey } from "./keys";

export async function stampPayload(payloadToSign: string, key: SessionKey): Promise<string> {
  // WebCrypto hashes with SHA-256 itself and answers IEEE P1363 (r‖s, 64 bytes); the wire wants DER.
  const raw = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key.privateKey, utf8Encode(payloadToSign).slice()),
  );
  const json = JSON.stringify({
    publicKey: key.publicKeyHex,
    scheme: STAMP_SCHEME,
    signature: bytesToHex(rawToDer(raw)),
  });
  return base64urlEncode(utf8Encode(json));
}

export { base64urlEncode as base64url };
