import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { delegatedKeys, internalAccounts } from "@/db/schema";

/**
 * Whether a card may pull from this funding account. Money leaves an EMBEDDED_WALLET only with a wallet
 * signature; for card payments that signer is the card funding source's ACTIVE delegated key (Grid's
 * `/auth/delegated-keys`), so a wallet without one is skipped by authorization decisioning. Other internal
 * accounts need no signer.
 */
export async function cardCanPullFrom(db: DbOrTx, cardId: string, accountId: string): Promise<boolean> {
  const [account] = await db
    .select({ type: internalAccounts.type, key: delegatedKeys.id })
    .from(internalAccounts)
    .leftJoin(
      delegatedKeys,
      and(eq(delegatedKeys.accountId, internalAccounts.id), eq(delegatedKeys.cardId, cardId), eq(delegatedKeys.status, "ACTIVE")),
    )
    .where(eq(internalAccounts.id, accountId))
    .limit(1);
  if (!account) return false;
  return account.type !== "EMBEDDED_WALLET" || account.key !== null;
}
