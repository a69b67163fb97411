import { eq, inArray, sql } from "drizzle-orm";
import { execRows, getDb, type Tx } from "@/db/client";
import { fairPick } from "@/db/fair-pick";
import { errorFields } from "@/db/errors";
import { stablecoinOperations, stablecoins } from "@/db/schema";
import { env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";
import { issuerProviderFor, type ProviderAnswer } from "./issuer-provider";
import { outstandingSupply, releaseSource, settleOperation } from "./stablecoin-ledger";
import type { OperationRow, StablecoinRow } from "./stablecoin-views";

const TERMINAL = new Set(["COMPLETED", "FAILED", "EXPIRED"]);

/**
 * One step of the stablecoin worker: claim up to `limit` operations whose next provider step is due
 * (FOR UPDATE SKIP LOCKED, so any number of instances take disjoint rows), in turns across platforms (db/fair-pick.ts:
 * one platform's thousands of mints do not hold back another's), and apply each step, its ledger
 * postings and events with the status change in one transaction. A process killed mid-step commits nothing:
 * the row is due again once its connection is gone, so a restart loses no step and applies none twice.
 * Returns the number of operations moved.
 */
export async function advanceDueOperations(limit: number): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = sql`r.next_step_at <= now()`;
    const pick = fairPick({
      table: "stablecoin_operations",
      tenant: "platform_id",
      pending: sql`r.next_step_at is not null`,
      due,
      order: "next_step_at",
      columns: ["id"],
      perTenant: limit,
      limit: limit,
    });
    const claimed = await execRows<{ id: string }>(
      tx,
      sql`select r.id from ${pick} c join stablecoin_operations r on r.id = c.id
          where r.next_step_at is not null and ${due}
          order by c.turn, c.ord limit ${limit} for update of r skip locked`,
    );
    if (claimed.length === 0) return 0;
    const rows = await tx
      .select({ op: stablecoinOperations, coin: stablecoins })
      .from(stablecoinOperations)
      .innerJoin(stablecoins, eq(stablecoins.id, stablecoinOperations.stablecoinId))
      .where(
        inArray(
          stablecoinOperations.id,
          claimed.map((c) => c.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.op.id, r]));
    for (const { op, coin } of claimed.flatMap((c) => byId.get(c.id) ?? [])) {
      try {
        // A savepoint per operation: one that cannot move does not hold back the others.
        await tx.transaction((sp) => applyStep(sp, op, coin));
      } catch (e) {
        logger.error({ err: errorFields(e), operation: op.id }, "stablecoin operation step failed; retried later");
        await tx
          .update(stablecoinOperations)
          .set({ nextStepAt: new Date(Date.now() + Math.max(1000, env().STABLECOIN_SETTLE_DELAY_MS)) })
          .where(eq(stablecoinOperations.id, op.id));
      }
    }
    return claimed.length;
  });
}

async function applyStep(tx: Tx, op: OperationRow, coin: StablecoinRow): Promise<void> {
  const provider = issuerProviderFor({ environment: coin.providerEnvironment });
  let next: ProviderAnswer = provider.next({
    id: op.id,
    operationType: op.operationType,
    sourceType: op.source.type,
    fiatAmount: op.fiatAmount,
    symbol: coin.symbol,
    createdAt: op.createdAt,
    status: op.status,
  });
  if (next.status === "COMPLETED" && op.operationType === "BURN") {
    // Burns of one token are decided one at a time: no two can take the same supply.
    await tx.select({ id: stablecoins.id }).from(stablecoins).where(eq(stablecoins.id, coin.id)).for("update");
    if ((await outstandingSupply(tx, coin)) < op.amount)
      next = { status: "FAILED", providerStatus: "failed", failureReason: "INSUFFICIENT_SUPPLY" };
  }
  if (next.status === "COMPLETED") await settleOperation(tx, op, coin);
  else if (next.status === "FAILED" || next.status === "EXPIRED") await releaseSource(tx, op, coin);
  const now = new Date();
  await tx
    .update(stablecoinOperations)
    .set({
      status: next.status,
      providerStatus: next.providerStatus,
      failureReason: next.failureReason ?? null,
      nextStepAt: TERMINAL.has(next.status) ? null : new Date(now.getTime() + env().STABLECOIN_SETTLE_DELAY_MS),
      updatedAt: now,
    })
    .where(eq(stablecoinOperations.id, op.id));
}
