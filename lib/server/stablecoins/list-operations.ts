import { eq, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { listPage } from "@/db/list-page";
import { stablecoinOperations } from "@/db/schema";
import { findStablecoinOrThrow } from "./find-stablecoin-rows";
import type { OPERATION_TYPES } from "./stablecoin.contract";
import { toOperation } from "./stablecoin-views";

/** GET /stablecoins/{id}/operations: mints and burns of one stablecoin, most recent first (404 for another platform's). */
export async function listOperations(
  platformId: string,
  stablecoinId: string,
  q: { limit: number; cursor?: string; operationType?: (typeof OPERATION_TYPES)[number] },
) {
  const db = await getDb();
  const coin = await findStablecoinOrThrow(db, platformId, stablecoinId);
  const where: SQL[] = [
    eq(stablecoinOperations.platformId, platformId),
    eq(stablecoinOperations.stablecoinId, coin.id),
  ];
  if (q.operationType) where.push(eq(stablecoinOperations.operationType, q.operationType));
  return listPage(
    stablecoinOperations,
    { ...q, sortOrder: "desc", filters: where },
    (rows) => rows.map((r) => toOperation(r, coin)),
    db,
  );
}
