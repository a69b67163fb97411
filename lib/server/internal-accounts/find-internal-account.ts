import { invalidInput } from "@/lib/server/core/validation";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { InternalAccountRow } from "./internal-account-view";

/** An internal account of this platform, or 404 INTERNAL_ACCOUNT_NOT_FOUND (also for another platform's). */
export async function findInternalAccountOrThrow(
  db: DbOrTx,
  platformId: string,
  accountId: string,
): Promise<InternalAccountRow> {
  const uuid = parseId("InternalAccount", accountId);
  if (uuid) {
    const [row] = await db
      .select()
      .from(internalAccounts)
      .where(and(eq(internalAccounts.id, uuid), eq(internalAccounts.platformId, platformId)))
      .limit(1);
    if (row) return row;
  }
  throw notFound("INTERNAL_ACCOUNT_NOT_FOUND", "Internal account", accountId);
}

/** As findInternalAccountOrThrow, and 400 NOT_AN_EMBEDDED_WALLET for any other type (export, update: wallet operations). */
export async function findEmbeddedWalletOrThrow(
  db: DbOrTx,
  platformId: string,
  accountId: string,
  what: string,
): Promise<InternalAccountRow> {
  const account = await findInternalAccountOrThrow(db, platformId, accountId);
  if (account.type !== "EMBEDDED_WALLET") {
    throw invalidInput([], `Only EMBEDDED_WALLET accounts ${what}; ${accountId} is ${account.type}`, {
      reason: "NOT_AN_EMBEDDED_WALLET",
    });
  }
  return account;
}
