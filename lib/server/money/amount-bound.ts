import { invalidInput } from "@/lib/server/core/validation";

/** Amounts and balances stay JSON-safe integers (protocol.md "Amounts and text"). */
const MAX_AMOUNT = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * 400 INVALID_INPUT naming `field` when any of `values` is past 2^53 − 1. Called before the write
 * that would store it (or inside the transaction that would commit it, which then rolls back).
 */
export function assertAmountsBounded(field: string, values: bigint[], what = "The amount"): void {
  if (values.every((v) => v <= MAX_AMOUNT && v >= -MAX_AMOUNT)) return;
  throw invalidInput(
    [{ field, constraint: { maximum: Number.MAX_SAFE_INTEGER }, message: `${what} would exceed 2^53 − 1 minor units` }],
    `${what} would exceed ${MAX_AMOUNT} (2^53 − 1) minor units`,
  );
}
