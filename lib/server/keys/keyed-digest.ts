import { createHmac, hkdfSync } from "node:crypto";
import { getKeyEncryptionKey } from "./kek";

const keys = new Map<string, Buffer>();

/**
 * HMAC-SHA256 under a key derived (HKDF) from the key-encryption key for one purpose: low-entropy secrets
 * (OTP codes, device codes) are stored only this way, so a database dump alone cannot brute-force them.
 */
export function keyedDigest(purpose: string, message: string): string {
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", Buffer.from(getKeyEncryptionKey()), Buffer.alloc(0), purpose, 32));
    keys.set(purpose, key);
  }
  return createHmac("sha256", key).update(message, "utf8").digest("hex");
}
