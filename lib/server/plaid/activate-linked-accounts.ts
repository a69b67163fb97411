import { and, eq, inArray, sql } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { fairPick } from "@/db/fair-pick";
import { externalAccounts, plaidLinkTokens } from "@/db/schema";
import { updateExternalAccount } from "@/lib/server/external-accounts/transition-status";

/**
 * One step of the Plaid worker: claims exchanged link sessions (FOR UPDATE SKIP LOCKED, so instances take
 * disjoint ones; in turns across platforms, db/fair-pick.ts, so that one platform's burst does not hold back another's), turns each PENDING account ACTIVE with its EXTERNAL_ACCOUNT.STATUS_UPDATED outbox event, and
 * marks the session COMPLETED, all in one transaction. Returns how many sessions it completed.
 */
export async function activateLinkedAccounts(limit = 50): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const pending = sql`r.state = 'EXCHANGED'`;
    const pick = fairPick({
      table: "plaid_link_tokens",
      tenant: "platform_id",
      pending,
      due: sql`true`,
      order: "updated_at",
      columns: ["id"],
      perTenant: limit,
      limit: limit,
    });
    const claimed = await execRows<{ id: string }>(
      tx,
      sql`select r.id from ${pick} c join plaid_link_tokens r on r.id = c.id where ${pending}
          order by c.turn, c.ord limit ${limit} for update of r skip locked`,
    );
    if (claimed.length === 0) return 0;
    const due = await tx
      .select()
      .from(plaidLinkTokens)
      .where(
        inArray(
          plaidLinkTokens.id,
          claimed.map((c) => c.id),
        ),
      );
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
