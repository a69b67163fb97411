import { eq, type SQL } from "drizzle-orm";
import { delegatedKeys } from "@/db/schema";
import { listPage } from "@/db/list-page";
import { emptyPage, type Page } from "@/lib/server/core/pagination";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import type { DelegatedKey } from "./delegated-key.contract";
import { toDelegatedKey } from "./delegated-key-view";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /auth/delegated-keys: by account, funding source, or both; an id of another shape or platform matches nothing. */
export async function listDelegatedKeys(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; accountId?: string; fundingSourceId?: string },
): Promise<Page<DelegatedKey>> {
  const filters: SQL[] = [eq(delegatedKeys.platformId, platform.id)];
  if (q.accountId !== undefined) {
    const uuid = parseId("InternalAccount", q.accountId);
    if (!uuid) return emptyPage();
    filters.push(eq(delegatedKeys.accountId, uuid));
  }
  if (q.fundingSourceId !== undefined) {
    const raw = q.fundingSourceId.startsWith("CardFundingSource:")
      ? q.fundingSourceId.slice("CardFundingSource:".length)
      : "";
    if (!UUID_RE.test(raw)) return emptyPage();
    filters.push(eq(delegatedKeys.fundingSourceId, raw.toLowerCase()));
  }
  return listPage(delegatedKeys, { limit: q.limit, cursor: q.cursor, filters }, (rows) => rows.map(toDelegatedKey));
}
