import { sha256 } from "@noble/hashes/sha2.js";
import { base64urlnopad } from "@scure/base";

/**
 * Byte encodings used by every wire format (protocol.md "Encodings used everywhere").
 * Isomorphic: no `node:` imports, so the browser client and the SDK share it.
 */

const HEX_RE = /^[0-9a-fA-F]*$/;

/** Lowercase hex, as every format in protocol.md emits it. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** Accepts upper or lower case; rejects empty, odd-length, `0x`-prefixed or non-hex input. */
export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== "string") throw new Error(`expected a hex string, received ${typeof hex}`);
  if (hex.length === 0) throw new Error("expected a non-empty hex string, received an empty string");
  if (hex.length % 2 !== 0) throw new Error(`expected an even number of hex characters, received ${hex.length}`);
  if (!HEX_RE.test(hex)) throw new Error("expected only hex characters [0-9a-fA-F]");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** RFC 4648 §5 without padding. */
export function base64urlEncode(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

const B64URL_RE = /^[A-Za-z0-9_-]*={0,2}$/;

/** Accepts padded or unpadded base64url; throws on anything else (including standard `+`/`/`). */
export function base64urlDecode(text: string): Uint8Array {
  if (typeof text !== "string" || !B64URL_RE.test(text)) {
    throw new Error("expected base64url text (RFC 4648 §5)");
  }
  const unpadded = text.replace(/=+$/, "");
  if (text.length !== unpadded.length && text.length % 4 !== 0) {
    throw new Error("expected base64url padding to complete a 4-character group");
  }
  return base64urlnopad.decode(unpadded);
}

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder("utf-8", { fatal: true });

export function utf8Encode(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Throws on invalid UTF-8 rather than inserting U+FFFD, so tampered bytes are noticed. */
export function utf8Decode(bytes: Uint8Array): string {
  return strictDecoder.decode(bytes);
}

/** Lowercase hex SHA-256 of bytes, or of the UTF-8 bytes of a string. */
export function sha256Hex(input: Uint8Array | string): string {
  return bytesToHex(sha256(typeof input === "string" ? utf8Encode(input) : input));
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
