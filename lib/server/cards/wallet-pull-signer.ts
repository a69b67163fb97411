import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { delegatedKeys, internalAccounts } from "@/db/schema";
import { fundingSourceUuid } from "./funding-source-id";

/**
 * Whether a card may pull from this funding account. Money leaves an EMBEDDED_WALLET only with a wallet
 * signature; for card payments that signer is the card funding source's ACTIVE delegated key (Grid's
 * `/auth/delegated-keys`), so a wallet without one is skipped by authorization decisioning. Other internal
 * accounts need no signer. (The ACTIVE key is found through the one-ACTIVE-per-funding-source index.)
 */
export async function cardCanPullFrom(db: DbOrTx, cardId: string, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ type: internalAccounts.type })
    .from(internalAccounts)
    .where(eq(internalAccounts.id, accountId))
    .limit(1);
  if (!account) return false;
  if (account.type !== "EMBEDDED_WALLET") return true;
  const [key] = await db
    .select({ id: delegatedKeys.id })
    .from(delegatedKeys)
    .where(
      and(eq(delegatedKeys.fundingSourceId, fundingSourceUuid(cardId, accountId)), eq(delegatedKeys.status, "ACTIVE")),
    )
    .limit(1);
  return key !== undefined;
}
