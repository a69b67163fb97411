import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { DelegatedKey } from "./delegated-key.contract";
import { toDelegatedKey } from "./delegated-key-view";
import { findDelegatedKeyOrThrow } from "./find-delegated-key";

export async function getDelegatedKey(platform: PlatformPrincipal, id: string): Promise<DelegatedKey> {
  return toDelegatedKey(await findDelegatedKeyOrThrow(await getDb(), platform.id, id));
}
