import { p256 } from "@noble/curves/nist.js";
import { bytesToHex, hexToBytes, utf8Encode } from "./encoding";

/**
 * P-256 keys and ECDSA-P256-SHA256 signatures in the hex encodings of protocol.md:
 * private key = 32-byte scalar hex; public key = SEC1 hex (compressed 33 B or uncompressed 65 B);
 * signature = DER hex. All primitives come from @noble/curves (no hand-written curve math).
 */

export interface P256KeyPair {
  privateKeyHex: string;
  /** Compressed SEC1 (`02`/`03` + 64 hex). */
  publicKeyHex: string;
  /** Uncompressed SEC1 (`04` + 128 hex). */
  publicKeyUncompressedHex: string;
}

export function generateP256KeyPair(): P256KeyPair {
  const secret = p256.utils.randomSecretKey();
  return {
    privateKeyHex: bytesToHex(secret),
    publicKeyHex: bytesToHex(p256.getPublicKey(secret, true)),
    publicKeyUncompressedHex: bytesToHex(p256.getPublicKey(secret, false)),
  };
}

/** Parses a 64-hex-char private scalar; throws naming what was expected. */
export function privateKeyBytes(privateKeyHex: string): Uint8Array {
  if (typeof privateKeyHex !== "string" || privateKeyHex.length !== 64) {
    throw new Error(
      `expected a P-256 private key of 64 hex characters, received ${typeof privateKeyHex === "string" ? `${privateKeyHex.length} characters` : typeof privateKeyHex}`,
    );
  }
  const bytes = hexToBytes(privateKeyHex);
  if (!p256.utils.isValidSecretKey(bytes)) throw new Error("expected a P-256 private key in [1, n-1]");
  return bytes;
}

export function publicKeyFromPrivate(privateKeyHex: string, compressed = true): string {
  return bytesToHex(p256.getPublicKey(privateKeyBytes(privateKeyHex), compressed));
}

/** Decodes SEC1 bytes (33 or 65) to a validated curve point; throws on anything else. */
export function publicKeyPoint(publicKeyHex: string) {
  if (typeof publicKeyHex !== "string")
    throw new Error(`expected a P-256 public key hex string, received ${typeof publicKeyHex}`);
  if (publicKeyHex.length !== 66 && publicKeyHex.length !== 130) {
    throw new Error(
      `expected a P-256 public key of 66 (compressed) or 130 (uncompressed) hex characters, received ${publicKeyHex.length}`,
    );
  }
  const bytes = hexToBytes(publicKeyHex);
  try {
    const point = p256.Point.fromBytes(bytes);
    point.assertValidity();
    return point;
  } catch {
    throw new Error("expected a valid P-256 public key (SEC1), received bytes that are not a point on the curve");
  }
}

/** Any valid SEC1 key → compressed lowercase hex. */
export function compressPublicKey(publicKeyHex: string): string {
  return bytesToHex(publicKeyPoint(publicKeyHex).toBytes(true));
}

/** Any valid SEC1 key → uncompressed lowercase hex (`04…`). */
export function uncompressPublicKey(publicKeyHex: string): string {
  return bytesToHex(publicKeyPoint(publicKeyHex).toBytes(false));
}

const NORMALIZED_LIMIT = 1024;
const normalized = new Map<string, string>();

/**
 * The canonical form used for comparing keys: compressed, lowercase. Throws on an invalid point.
 * Decoding a compressed point costs a modular square root (≈ 80 µs in pure JS) and a session signs many
 * requests with one key, so the last 1,024 keys that decoded are remembered (only valid keys are kept).
 */
export function normalizePublicKeyHex(publicKeyHex: string): string {
  const hit = normalized.get(publicKeyHex);
  if (hit !== undefined) return hit;
  const out = compressPublicKey(publicKeyHex);
  const oldest = normalized.keys().next();
  if (normalized.size >= NORMALIZED_LIMIT && !oldest.done) normalized.delete(oldest.value);
  normalized.set(publicKeyHex, out);
  return out;
}

export function isValidPublicKeyHex(publicKeyHex: unknown): boolean {
  if (typeof publicKeyHex !== "string") return false;
  try {
    publicKeyPoint(publicKeyHex);
    return true;
  } catch {
    return false;
  }
}

function messageBytes(message: string | Uint8Array): Uint8Array {
  return typeof message === "string" ? utf8Encode(message) : message;
}

/** ECDSA-P256 over SHA-256(message) (noble pre-hashes once), DER lowercase hex. */
export function signDerHex(privateKeyHex: string, message: string | Uint8Array): string {
  return bytesToHex(p256.sign(messageBytes(message), privateKeyBytes(privateKeyHex), { format: "der" }));
}

/**
 * Verifies a DER hex signature over SHA-256(message). Accepts high-S (WebCrypto and enclave
 * signers produce them, protocol.md "Encodings"), compressed or uncompressed keys, any hex case.
 * Never throws: garbage yields false.
 */
export function verifyDerHex(publicKeyHex: string, derSignatureHex: string, message: string | Uint8Array): boolean {
  try {
    const pub = publicKeyPoint(publicKeyHex).toBytes(true);
    const sig = hexToBytes(derSignatureHex);
    return p256.verify(sig, messageBytes(message), pub, { format: "der", lowS: false });
  } catch {
    return false;
  }
}

/** IEEE P1363 r‖s (64 bytes, what WebCrypto returns) → minimal DER. */
export function rawToDer(raw: Uint8Array): Uint8Array {
  if (!(raw instanceof Uint8Array) || raw.length !== 64) {
    throw new Error(
      `expected a raw r‖s signature of 64 bytes, received ${raw instanceof Uint8Array ? raw.length : typeof raw}`,
    );
  }
  return p256.Signature.fromBytes(raw, "compact").toBytes("der");
}

/** DER → IEEE P1363 r‖s (64 bytes). Throws on malformed DER. */
export function derToRaw(der: Uint8Array): Uint8Array {
  try {
    return p256.Signature.fromBytes(der, "der").toBytes("compact");
  } catch (error) {
    throw new Error(`expected a DER ECDSA signature: ${(error as Error).message}`);
  }
}

/** True when `derSignatureHex` parses as a DER ECDSA-P256 signature. */
export function isDerSignatureHex(derSignatureHex: unknown): boolean {
  if (typeof derSignatureHex !== "string") return false;
  try {
    p256.Signature.fromBytes(hexToBytes(derSignatureHex), "der");
    return true;
  } catch {
    return false;
  }
}
