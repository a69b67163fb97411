import { eq, sql, type SQL } from "drizzle-orm";
import { listPage } from "@/db/list-page";
import { verifications } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toVerification } from "./verification-view";
import type { VerificationStatus } from "./verification.contract";

export async function listVerifications(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; customerId?: string; verificationStatus?: VerificationStatus },
) {
  const where: SQL[] = [eq(verifications.platformId, platform.id)];
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    // An id of another shape matches nothing (an empty page, as for an unknown customer).
    where.push(uuid ? eq(verifications.customerId, uuid) : sql`false`);
  }
  if (q.verificationStatus) where.push(eq(verifications.verificationStatus, q.verificationStatus));
  return listPage(verifications, { ...q, filters: where }, (rows) => rows.map((r) => toVerification(r)));
}
