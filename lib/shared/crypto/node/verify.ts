import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { hexToBytes } from "@/lib/shared/crypto/web/encoding";
import { normalizePublicKeyHex } from "@/lib/shared/crypto/web/p256";
import type { Stamp } from "@/lib/shared/crypto/web/stamp";

/**
 * Server-only ECDSA-P256-SHA256 verification through Node's native crypto (OpenSSL), several
 * times faster than the pure-JS path (figures: bench/README.md), for the
 * signed-retry hot path. Same contract as lib/shared/crypto/web `verifyDerHex`: DER hex
 * signature over SHA-256 of the message, high-S accepted (OpenSSL does not enforce low-S),
 * compressed or uncompressed key, never throws.
 */

// SubjectPublicKeyInfo prefix for a compressed P-256 point (id-ecPublicKey, prime256v1, BIT STRING of 34 bytes).
const SPKI_COMPRESSED_PREFIX = hexToBytes("3039301306072a8648ce3d020106082a8648ce3d030107032200");

const KEY_CACHE_LIMIT = 1024;
const keyCache = new Map<string, KeyObject>();

function keyObject(publicKeyHex: string): KeyObject {
  // Keys arrive normalized from parseStamp: a hit needs no second point decoding.
  const hit = keyCache.get(publicKeyHex);
  if (hit) return hit;
  const compressed = normalizePublicKeyHex(publicKeyHex);
  let key = keyCache.get(compressed);
  if (!key) {
    const der = Buffer.concat([SPKI_COMPRESSED_PREFIX, hexToBytes(compressed)]);
    key = createPublicKey({ key: der, format: "der", type: "spki" });
    const oldest = keyCache.keys().next();
    if (keyCache.size >= KEY_CACHE_LIMIT && !oldest.done) keyCache.delete(oldest.value);
    keyCache.set(compressed, key);
  }
  return key;
}

export function verifyDerHexNative(
  publicKeyHex: string,
  derSignatureHex: string,
  message: string | Uint8Array,
): boolean {
  try {
    const data = typeof message === "string" ? Buffer.from(message, "utf8") : message;
    return verify("sha256", data, { key: keyObject(publicKeyHex), dsaEncoding: "der" }, hexToBytes(derSignatureHex));
  } catch {
    return false;
  }
}

/** Native counterpart of lib/shared/crypto/web `verifyStamp`, for a stamp already checked by `parseStamp`. */
export function verifyStampNative(parsed: Stamp, payload: string): boolean {
  return verifyDerHexNative(parsed.publicKey, parsed.signature, payload);
}
