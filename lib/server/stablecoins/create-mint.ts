import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { decimalsOf } from "@/lib/server/money/currencies";
import { createOperation } from "./create-operation";
import { externalAccountFor, fiatUnits, internalAccountFor } from "./operation-accounts";
import type { MintRequest, StablecoinOperation } from "./stablecoin.contract";

/** POST /stablecoins/{id}/mints. */
export async function createMint(
  platform: PlatformPrincipal,
  stablecoinId: string,
  body: MintRequest,
  key: string | null,
): Promise<StablecoinOperation> {
  return createOperation(platform, { stablecoinId, operationType: "MINT", body, key }, async (db, coin) => {
    const amount = BigInt(body.amount);
    const fiatAmount = fiatUnits(amount, coin.decimals, decimalsOf(coin.baseCurrency));
    const f = body.fundingSource;
    if (f.type === "ACH_DEBIT" || f.type === "SAME_DAY_ACH_DEBIT") {
      await externalAccountFor(db, platform.id, f.externalAccountId, {
        field: "fundingSource.externalAccountId",
        kind: "bank",
        currency: coin.baseCurrency,
      });
    } else if (f.type === "GRID_INTERNAL_ACCOUNT") {
      await internalAccountFor(db, platform.id, f.accountId, {
        field: "fundingSource.accountId",
        debit: true,
        currency: coin.baseCurrency,
      });
    }
    const dest = body.destination.accountId;
    if (dest.startsWith("InternalAccount:"))
      await internalAccountFor(db, platform.id, dest, { field: "destination.accountId", currency: coin.symbol });
    else await externalAccountFor(db, platform.id, dest, { field: "destination.accountId", kind: "spark" });
    return { amount, fiatAmount, source: { ...f }, destination: { accountId: dest }, description: body.description };
  });
}
