import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { resolveExternal } from "@/lib/server/money/resolve-accounts";
import { recordLookup } from "./record-lookup";

/** GET /receiver/external-account/{id}: the platform's own external account (another's → 404 like a missing one). */
export async function lookupExternalAccount(
  platform: PlatformPrincipal,
  accountId: string,
  q: { customerId?: string },
) {
  const acct = await resolveExternal(await getDb(), platform.id, accountId);
  const answer = {
    currencies: [{ code: acct.currency, min: 1, max: Number.MAX_SAFE_INTEGER }],
    requiredPayerDataFields: [{ name: "FULL_NAME", mandatory: true }],
  };
  return { ...(await recordLookup(platform, q, { externalAccountId: accountId }, answer)), accountId };
}
