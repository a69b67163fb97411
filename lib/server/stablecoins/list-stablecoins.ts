import { eq, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { stablecoins } from "@/db/schema";
import type { GRID_OPERATIONS_STATUSES, ISSUANCE_STATUSES, PROVIDERS } from "./stablecoin.contract";
import { toStablecoin } from "./stablecoin-views";

/** GET /stablecoins: newest first. */
export async function listStablecoins(
  platformId: string,
  q: {
    limit: number;
    cursor?: string;
    issuanceStatus?: (typeof ISSUANCE_STATUSES)[number];
    gridOperationsStatus?: (typeof GRID_OPERATIONS_STATUSES)[number];
    provider?: (typeof PROVIDERS)[number];
  },
) {
  const where: SQL[] = [eq(stablecoins.platformId, platformId)];
  if (q.issuanceStatus) where.push(eq(stablecoins.issuanceStatus, q.issuanceStatus));
  if (q.gridOperationsStatus) where.push(eq(stablecoins.gridOperationsStatus, q.gridOperationsStatus));
  if (q.provider) where.push(eq(stablecoins.provider, q.provider));
  return listPage(stablecoins, { ...q, sortOrder: "desc", filters: where }, (rows) => rows.map(toStablecoin));
}
