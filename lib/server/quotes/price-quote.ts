import { invalidInput } from "@/lib/server/core/validation";
import { feeOn, feeRuleFor, type PlatformFeeOverride } from "@/lib/server/money/platform-fee";
import { getRate } from "@/lib/server/exchange-rates/get-rate";
import { convertDown, convertUp } from "@/lib/server/money/convert";
import type { PlatformSettings } from "@/lib/server/core/platform-settings";

export interface Price {
  rate: number;
  totalSending: bigint;
  totalReceiving: bigint;
  fees: bigint;
  platformFees: bigint;
  usdValueCents: bigint;
}

/**
 * Both amounts of a transfer: the locked side is exact; fees are taken in the sending currency
 * (SENDING locked: out of the amount; RECEIVING locked: on top of it); the receiver gets the net
 * converted at the cached rate, rounded down.
 */
export async function priceQuote(input: {
  settings: PlatformSettings;
  sendingCurrency: string;
  receivingCurrency: string;
  lockedSide: "SENDING" | "RECEIVING";
  lockedAmount: bigint;
  override?: PlatformFeeOverride;
}): Promise<Price> {
  const S = input.sendingCurrency;
  const R = input.receivingCurrency;
  const { rate } = await getRate(S, R);
  const rule = feeRuleFor(input.settings, S, input.override);
  let totalSending: bigint;
  let totalReceiving: bigint;
  let fees: bigint;
  if (input.lockedSide === "SENDING") {
    totalSending = input.lockedAmount;
    fees = feeOn(totalSending, rule);
    const net = totalSending - fees;
    if (net <= 0n) {
      throw invalidInput(
        [{ field: "lockedCurrencyAmount", message: `Must be more than the fees (${fees})` }],
        `Fees of ${fees} leave nothing of ${totalSending} ${S} to send`,
      );
    }
    totalReceiving = convertDown(net, S, R, rate);
  } else {
    totalReceiving = input.lockedAmount;
    const net = convertUp(totalReceiving, R === S ? S : S, R, rate);
    fees = feeOn(net, rule);
    totalSending = net + fees;
  }
  if (totalReceiving <= 0n) {
    throw invalidInput(
      [{ field: "lockedCurrencyAmount", message: "Too small to convert" }],
      `${totalSending} ${S} converts to nothing in ${R}`,
    );
  }
  const usdValueCents =
    S === "USD" ? totalSending : convertDown(totalSending, S, "USD", (await getRate(S, "USD")).rate);
  return { rate, totalSending, totalReceiving, fees, platformFees: fees, usdValueCents };
}
