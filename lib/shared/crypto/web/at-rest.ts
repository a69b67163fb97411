import { base64urlDecode, base64urlEncode, utf8Encode } from "./encoding";

/**
 * Encryption of secrets at rest (target private keys, the generated enclave key): AES-256-GCM
 * via WebCrypto (`crypto.subtle`, present in Node 20 and browsers), a fresh 96-bit IV per value.
 * Format: `v1.<base64url iv>.<base64url ct‖tag>`. The optional `aad` binds the value to its
 * place (for example the row id), so a ciphertext copied to another row does not decrypt.
 */
const VERSION = "v1";

async function importKey(keyBytes: Uint8Array, usage: "encrypt" | "decrypt"): Promise<CryptoKey> {
  if (!(keyBytes instanceof Uint8Array) || keyBytes.length !== 32) {
    throw new Error(
      `at-rest: expected a 32-byte key, received ${keyBytes instanceof Uint8Array ? `${keyBytes.length} bytes` : typeof keyBytes}`,
    );
  }
  return globalThis.crypto.subtle.importKey("raw", keyBytes.slice(), { name: "AES-GCM" }, false, [usage]);
}

function params(iv: Uint8Array, aad?: string): AesGcmParams {
  return aad === undefined
    ? { name: "AES-GCM", iv: iv.slice(), tagLength: 128 }
    : { name: "AES-GCM", iv: iv.slice(), tagLength: 128, additionalData: utf8Encode(aad).slice() };
}

export async function encryptAtRest(keyBytes32: Uint8Array, plaintext: Uint8Array, aad?: string): Promise<string> {
  const key = await importKey(keyBytes32, "encrypt");
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await globalThis.crypto.subtle.encrypt(params(iv, aad), key, plaintext.slice()));
  return `${VERSION}.${base64urlEncode(iv)}.${base64urlEncode(ct)}`;
}

export async function decryptAtRest(keyBytes32: Uint8Array, value: string, aad?: string): Promise<Uint8Array> {
  const parts = typeof value === "string" ? value.split(".") : [];
  const [version, ivText, ctText] = parts;
  if (parts.length !== 3 || version !== VERSION || ivText === undefined || ctText === undefined) {
    throw new Error(`at-rest: expected "${VERSION}.<iv>.<ciphertext>"`);
  }
  let iv: Uint8Array;
  let ct: Uint8Array;
  try {
    iv = base64urlDecode(ivText);
    ct = base64urlDecode(ctText);
  } catch {
    throw new Error("at-rest: expected base64url iv and ciphertext");
  }
  if (iv.length !== 12 || ct.length < 16)
    throw new Error("at-rest: expected a 12-byte iv and a ciphertext with a 16-byte tag");
  const key = await importKey(keyBytes32, "decrypt");
  try {
    return new Uint8Array(await globalThis.crypto.subtle.decrypt(params(iv, aad), key, ct.slice()));
  } catch {
    throw new Error("at-rest: decryption failed (wrong key, wrong binding, or tampered value)");
  }
}
