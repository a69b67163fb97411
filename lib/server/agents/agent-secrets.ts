import { createHash, randomBytes, randomInt } from "node:crypto";
import { keyedDigest } from "@/lib/server/keys/keyed-digest";

/**
 * Agent access tokens and device codes (protocol.md "Agents"): only digests are stored. A token has 160
 * random bits, so its SHA-256 suffices; a device code has 40, so it is stored as a keyed digest.
 */

export const TOKEN_RE = /^gat_[0-9a-f]{40}$/;

export function newAccessToken(): string {
  return `gat_${randomBytes(20).toString("hex")}`;
}

export function sha256Hex(s: string): string {
  return createHash("sha256").update(s, "utf8").digest("hex");
}

// No 0/O, 1/I: a person types these codes.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const DEVICE_CODE_TTL_MS = 24 * 3600_000;

export function newDeviceCode(): string {
  let s = "";
  for (let i = 0; i < 8; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/** Canonical XXXX-XXXX form of what a person typed (case, spaces and hyphens ignored), or null. */
export function normalizeDeviceCode(input: string): string | null {
  const s = input.toUpperCase().replace(/[\s-]/g, "");
  if (s.length !== 8 || [...s].some((c) => !ALPHABET.includes(c))) return null;
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

/**
 * The stored form of a device code: HMAC (key derived from the key-encryption key) over the SHA-256 of the
 * code as typed or normalised. Keying the old plain SHA-256 digest lets start-up convert rows written before
 * (lib/server/agents/rekey-device-codes.ts) without knowing their codes.
 */
export function deviceCodeDigest(code: string): string {
  return keyedDeviceCodeDigest(sha256Hex(code));
}

export function keyedDeviceCodeDigest(sha256OfCode: string): string {
  return keyedDigest("device-code-digest/v1", sha256OfCode);
}
