import { invalidInput } from "@/lib/server/core/validation";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { firstFiatCurrency } from "@/lib/server/internal-accounts/first-fiat-currency";

/** The platform's customer holding `umaAddress`, with its first currency (USD when it holds none); else 400 naming `field`. */
export async function customerByUma(db: DbOrTx, platformId: string, umaAddress: string, field: string) {
  const [c] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.platformId, platformId), eq(customers.umaAddress, umaAddress), isNull(customers.deletedAt)))
    .limit(1);
  if (!c) {
    throw invalidInput(
      [{ field, message: "Not the UMA address of one of the platform's customers" }],
      `${umaAddress} is not the UMA address of one of your customers`,
    );
  }
  return { customerId: c.id, currency: await firstFiatCurrency(db, c.id) };
}
