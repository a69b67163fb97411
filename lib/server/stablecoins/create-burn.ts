import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { decimalsOf } from "@/lib/server/money/currencies";
import { createOperation } from "./create-operation";
import { externalAccountFor, fiatUnits, internalAccountFor } from "./operation-accounts";
import type { BurnRequest, StablecoinOperation } from "./stablecoin.contract";

/** Static guidance per payout rail (Grid: an estimate, not a promise). */
const RAIL_TIMING: Record<BurnRequest["destination"]["rail"], string> = {
  WIRE: "Same business day",
  ACH_CREDIT: "1-3 business days",
  SAME_DAY_ACH_CREDIT: "Same business day",
  RTP_CREDIT: "Within minutes",
};

/** POST /stablecoins/{id}/burns. */
export async function createBurn(
  platform: PlatformPrincipal,
  stablecoinId: string,
  body: BurnRequest,
  key: string | null,
): Promise<StablecoinOperation> {
  return createOperation(platform, { stablecoinId, operationType: "BURN", body, key }, async (db, coin) => {
    const amount = BigInt(body.amount);
    const fiatAmount = fiatUnits(amount, coin.decimals, decimalsOf(coin.baseCurrency));
    if (body.source.type === "GRID_INTERNAL_ACCOUNT") {
      await internalAccountFor(db, platform.id, body.source.accountId, {
        field: "source.accountId",
        debit: true,
        currency: coin.symbol,
      });
    }
    const { externalAccountId, rail } = body.destination;
    await externalAccountFor(db, platform.id, externalAccountId, {
      field: "destination.externalAccountId",
      kind: "bank",
      currency: coin.baseCurrency,
    });
    return {
      amount,
      fiatAmount,
      source: { ...body.source },
      destination: { accountId: externalAccountId, rail },
      estimatedDelivery: {
        rail,
        amount: fiatAmount.toString(),
        currency: coin.baseCurrency,
        timing: RAIL_TIMING[rail],
      },
      description: body.description,
    };
  });
}
