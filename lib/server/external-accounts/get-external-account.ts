import { getDb } from "@/db/client";
import { toExternalAccount } from "./external-account-view";
import { findExternalAccountOrThrow } from "./find-external-account";
import type { OwnerScope } from "./owner-scope";

export async function getExternalAccount(scope: OwnerScope, externalAccountId: string) {
  return toExternalAccount(await findExternalAccountOrThrow(await getDb(), scope, externalAccountId));
}
