import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { findInternalAccountOrThrow } from "./find-internal-account";
import { toInternalAccount } from "./internal-account-view";

export async function getInternalAccount(platform: PlatformPrincipal, id: string) {
  return toInternalAccount(await findInternalAccountOrThrow(await getDb(), platform.id, id));
}
