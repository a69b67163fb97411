import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { scaFactorResets } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";

export type ScaResetRow = typeof scaFactorResets.$inferSelect;

/** The customer's reset, locked; another customer's or tenant's → 404 SCA_RESET_NOT_FOUND. */
export async function findTwoFactorReset(tx: Tx, customerUuid: string, resetId: string): Promise<ScaResetRow> {
  const uuid = parseId("TwoFactorReset", resetId);
  const [row] = uuid
    ? await tx
        .select()
        .from(scaFactorResets)
        .where(and(eq(scaFactorResets.id, uuid), eq(scaFactorResets.customerId, customerUuid)))
        .for("update")
    : [];
  if (!row) throw notFound("SCA_RESET_NOT_FOUND", "2FA reset", resetId);
  return row;
}

/** EXPIRED once past its window unless it already reached a terminal state. */
export function effectiveResetStatus(row: ScaResetRow): ScaResetRow["status"] {
  const terminal = row.status === "COMPLETED" || row.status === "REJECTED";
  return !terminal && row.expiresAt.getTime() <= Date.now() ? "EXPIRED" : row.status;
}
