import { getDb } from "@/db/client";
import { findProviderAccountOrThrow } from "./find-stablecoin-rows";
import type { ProviderAccount } from "./stablecoin.contract";
import { toProviderAccount } from "./stablecoin-views";

export async function getProviderAccount(platformId: string, id: string): Promise<ProviderAccount> {
  return toProviderAccount(await findProviderAccountOrThrow(await getDb(), platformId, id));
}
