import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";

/** The currency of a customer's first INTERNAL_FIAT account; USD when it holds none (UMA sends and receives in it). */
export async function firstFiatCurrency(db: DbOrTx, customerUuid: string): Promise<string> {
  const [acct] = await db
    .select({ currency: internalAccounts.currency })
    .from(internalAccounts)
    .where(and(eq(internalAccounts.customerId, customerUuid), eq(internalAccounts.type, "INTERNAL_FIAT")))
    .orderBy(asc(internalAccounts.id))
    .limit(1);
  return acct?.currency ?? "USD";
}
