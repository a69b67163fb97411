import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { externalAccounts, plaidLinkTokens } from "@/db/schema";
import { updateExternalAccount } from "@/lib/external-accounts/transition-status";

/**
 * One step of the Plaid worker: claims exchanged link sessions (FOR UPDATE SKIP LOCKED, so instances take
 * disjoint ones), turns each PENDING account ACTIVE with its EXTERNAL_ACCOUNT.STATUS_UPDATED outbox event, and
 * marks the session COMPLETED, all in one transaction. Returns how many sessions it completed.
 */
export async function activateLinkedAccounts(limit = 50): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(plaidLinkTokens)
      .where(eq(plaidLinkTokens.state, "EXCHANGED"))
      .orderBy(asc(plaidLinkTokens.updatedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return 0;
    const ids = due.map((d) => d.externalAccountId).filter((id): id is string => id !== null);
    const accounts = ids.length
      ? await tx
          .select()
          .from(externalAccounts)
          .where(and(inArray(externalAccounts.id, ids), eq(externalAccounts.status, "PENDING")))
          .for("update")
      : [];
    for (const account of accounts) await updateExternalAccount(tx, account, { status: "ACTIVE" });
    await tx
      .update(plaidLinkTokens)
      .set({ state: "COMPLETED", updatedAt: new Date() })
      .where(
        inArray(
          plaidLinkTokens.id,
          due.map((d) => d.id),
        ),
      );
    return due.length;
  });
}
