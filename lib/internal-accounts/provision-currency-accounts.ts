import type { Tx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { newUuid } from "@/lib/ids";
import { CURRENCIES } from "@/lib/money/currencies";

const CRYPTO = new Set(["USDC", "BTC"]);

/**
 * Internal accounts are created with the customer, one per known currency it asks for (reference:
 * internal accounts are provisioned automatically). USDB lives in the EMBEDDED_WALLET instead.
 */
export async function provisionCurrencyAccounts(
  tx: Tx,
  input: { platformId: string; customerId: string; currencies: string[] },
): Promise<void> {
  const wanted = [...new Set(input.currencies)].filter((c) => c !== "USDB" && CURRENCIES[c]);
  if (wanted.length === 0) return;
  await tx.insert(internalAccounts).values(
    wanted.map((c) => ({
      id: newUuid(),
      platformId: input.platformId,
      customerId: input.customerId,
      type: CRYPTO.has(c) ? ("INTERNAL_CRYPTO" as const) : ("INTERNAL_FIAT" as const),
      status: "ACTIVE" as const,
      currency: c,
      decimals: CURRENCIES[c].decimals,
    })),
  );
}
