import { getDb } from "@/db/client";
import { findStablecoinOrThrow } from "./find-stablecoin-rows";
import type { Stablecoin } from "./stablecoin.contract";
import { toStablecoin } from "./stablecoin-views";

export async function getStablecoin(platformId: string, id: string): Promise<Stablecoin> {
  return toStablecoin(await findStablecoinOrThrow(await getDb(), platformId, id));
}
