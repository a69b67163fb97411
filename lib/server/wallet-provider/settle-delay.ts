import { env } from "@/lib/shared/config/env";

/**
 * The wallet provider settles an accepted operation `WALLET_SETTLE_DELAY_MS` after acceptance
 * (protocol.md "Signed retry", step 10). Its state is the accepted request's `settle_at` column,
 * so any instance can tell whether an operation has settled; nothing lives in process memory.
 */
export function settleDelayMs(): number {
  return env().WALLET_SETTLE_DELAY_MS;
}
