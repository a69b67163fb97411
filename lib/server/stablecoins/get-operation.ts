import { getDb } from "@/db/client";
import { findOperationOrThrow } from "./find-stablecoin-rows";
import type { StablecoinOperation } from "./stablecoin.contract";
import { toOperation } from "./stablecoin-views";

export async function getOperation(platformId: string, id: string): Promise<StablecoinOperation> {
  const { op, coin } = await findOperationOrThrow(await getDb(), platformId, id);
  return toOperation(op, coin);
}
