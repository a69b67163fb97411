import { createHash } from "node:crypto";

/**
 * Server-only SHA-256 (hex) through Node's native crypto: the same digest as lib/shared/crypto/web `sha256Hex` (UTF-8 of a
 * string), without the pure-JS hash, for the signed-retry hot path (bench/README.md "Signed retry").
 */
export function sha256HexNative(input: string): string {
  return createHash("sha256").update(input, "utf8").digest("hex");
}
