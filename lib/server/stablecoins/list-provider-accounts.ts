import { eq, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { stablecoinProviderAccounts } from "@/db/schema";
import type { PROVIDER_ACCOUNT_STATUSES, PROVIDERS } from "./stablecoin.contract";
import { toProviderAccount } from "./stablecoin-views";

/** GET /stablecoin-provider-accounts: newest first. */
export async function listProviderAccounts(
  platformId: string,
  q: {
    limit: number;
    cursor?: string;
    provider?: (typeof PROVIDERS)[number];
    status?: (typeof PROVIDER_ACCOUNT_STATUSES)[number];
  },
) {
  const where: SQL[] = [eq(stablecoinProviderAccounts.platformId, platformId)];
  if (q.provider) where.push(eq(stablecoinProviderAccounts.provider, q.provider));
  if (q.status) where.push(eq(stablecoinProviderAccounts.status, q.status));
  return listPage(stablecoinProviderAccounts, { ...q, sortOrder: "desc", filters: where }, (rows) =>
    rows.map(toProviderAccount),
  );
}
