import { eq, sql, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { beneficialOwners } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toBeneficialOwner } from "./beneficial-owner-view";

export async function listBeneficialOwners(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; customerId: string },
) {
  const customer = parseId("Customer", q.customerId);
  const where: SQL[] = [
    eq(beneficialOwners.platformId, platform.id),
    customer ? eq(beneficialOwners.customerId, customer) : sql`false`,
  ];
  return listPage(beneficialOwners, { ...q, filters: where }, (rows) => rows.map((r) => toBeneficialOwner(r)));
}
