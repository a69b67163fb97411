import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { externalAccounts } from "@/db/schema";
import { toExternalAccount, type ExternalAccountRow } from "./external-account-view";
import { emitEvent } from "@/lib/server/webhooks/emit-event";
import { externalAccountStatusEvent } from "./external-account.contract";

/**
 * Apply a change to an external account and, when its status changes, write one
 * EXTERNAL_ACCOUNT.STATUS_UPDATED outbox event carrying the account as the API serializes it,
 * in the same transaction (spec "States and transitions"; ARCHITECTURE.md "Outbox").
 */
export async function updateExternalAccount(
  tx: Tx,
  row: ExternalAccountRow,
  patch: Partial<Pick<ExternalAccountRow, "status" | "ownershipChallenge">>,
): Promise<ExternalAccountRow> {
  const [updated] = await tx
    .update(externalAccounts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(externalAccounts.id, row.id))
    .returning();
  if (patch.status !== undefined && patch.status !== row.status) {
    await emitEvent(tx, externalAccountStatusEvent, { platformId: row.platformId, data: toExternalAccount(updated) });
  }
  return updated;
}
