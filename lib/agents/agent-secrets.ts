import { createHash, randomBytes, randomInt } from "node:crypto";

/** Agent access tokens and device codes (protocol.md "Agents"): only SHA-256 digests are stored. */

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
