import { and, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { newUuid } from "@/lib/shared/ids";
import { CURRENCIES } from "@/lib/server/money/currencies";

const CRYPTO = new Set(["USDC", "BTC"]);

/**
 * Internal accounts are created with the customer, one per known currency it asks for (reference:
 * internal accounts are provisioned automatically). USDB lives in the EMBEDDED_WALLET instead.
 */
export async function provisionCurrencyAccounts(
  tx: DbOrTx,
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

/**
 * PATCH /customers/{id} with `currencies`: each known currency the customer does not hold yet gets its account, as
 * at creation (Grid's update example adds currencies; an account is never removed by leaving a currency out: it may
 * hold a balance). Run inside the patch's transaction.
 */
export async function provisionMissingCurrencyAccounts(
  tx: DbOrTx,
  input: { platformId: string; customerId: string; currencies: string[] },
): Promise<void> {
  const wanted = [...new Set(input.currencies)].filter((c) => c !== "USDB" && CURRENCIES[c]);
  if (wanted.length === 0) return;
  const held = await tx
    .select({ currency: internalAccounts.currency })
    .from(internalAccounts)
    .where(
      and(
        eq(internalAccounts.customerId, input.customerId),
        inArray(internalAccounts.currency, wanted),
        ne(internalAccounts.type, "EMBEDDED_WALLET"),
      ),
    );
  const have = new Set(held.map((r) => r.currency));
  await provisionCurrencyAccounts(tx, { ...input, currencies: wanted.filter((c) => !have.has(c)) });
}
