import { eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { externalAccounts, outboxEvents } from "@/db/schema";
import { newUuid } from "@/lib/ids";
import { externalAccountSchema } from "./external-account.contract";
import { toExternalAccount, type ExternalAccountRow } from "./external-account-view";

const STATUS_UPDATED = "EXTERNAL_ACCOUNT.STATUS_UPDATED";

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
    await tx.insert(outboxEvents).values({
      id: newUuid(),
      platformId: row.platformId,
      type: STATUS_UPDATED,
      data: externalAccountSchema.parse(toExternalAccount(updated)) as Record<string, unknown>,
    });
  }
  return updated;
}
