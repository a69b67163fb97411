import { invalidInput } from "@/lib/server/core/validation";

/** Grid requires Idempotency-Key on every stablecoin POST (protocol.md "Stablecoins"): missing → 400 naming it. */
export function requireIdempotencyKey(key: string | null): string {
  if (key === null || key.length === 0 || key.length > 255) {
    const message = key ? "At most 255 characters" : "Required on this operation";
    throw invalidInput([{ field: "Idempotency-Key", message }], `Idempotency-Key: ${message}`);
  }
  return key;
}
