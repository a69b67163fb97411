import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { stablecoinOperations, stablecoinProviderAccounts, stablecoins } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import { parseId } from "@/lib/shared/ids";
import type { OperationRow, ProviderAccountRow, StablecoinRow } from "./stablecoin-views";

/** Each 404 reads the same for a malformed id, a missing row and another platform's row. */
export async function findProviderAccountOrThrow(
  db: DbOrTx,
  platformId: string,
  id: string,
): Promise<ProviderAccountRow> {
  const uuid = parseId("StablecoinProviderAccount", id);
  if (uuid) {
    const [row] = await db
      .select()
      .from(stablecoinProviderAccounts)
      .where(and(eq(stablecoinProviderAccounts.id, uuid), eq(stablecoinProviderAccounts.platformId, platformId)));
    if (row) return row;
  }
  throw notFound("STABLECOIN_PROVIDER_ACCOUNT_NOT_FOUND", "Stablecoin provider account", id);
}

export async function findStablecoinOrThrow(db: DbOrTx, platformId: string, id: string): Promise<StablecoinRow> {
  const uuid = parseId("Stablecoin", id);
  if (uuid) {
    const [row] = await db
      .select()
      .from(stablecoins)
      .where(and(eq(stablecoins.id, uuid), eq(stablecoins.platformId, platformId)));
    if (row) return row;
  }
  throw notFound("STABLECOIN_NOT_FOUND", "Stablecoin", id);
}

export async function findOperationOrThrow(
  db: DbOrTx,
  platformId: string,
  id: string,
): Promise<{ op: OperationRow; coin: StablecoinRow }> {
  const uuid = parseId("StablecoinOperation", id);
  if (uuid) {
    const [row] = await db
      .select({ op: stablecoinOperations, coin: stablecoins })
      .from(stablecoinOperations)
      .innerJoin(stablecoins, eq(stablecoins.id, stablecoinOperations.stablecoinId))
      .where(and(eq(stablecoinOperations.id, uuid), eq(stablecoinOperations.platformId, platformId)));
    if (row) return row;
  }
  throw notFound("STABLECOIN_OPERATION_NOT_FOUND", "Stablecoin operation", id);
}
