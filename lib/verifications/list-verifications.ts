import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { verifications } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { parseId } from "@/lib/ids";
import { toVerification } from "./verification-view";
import type { VerificationStatus } from "./verification.contract";

export async function listVerifications(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; customerId?: string; verificationStatus?: VerificationStatus },
) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(verifications.platformId, platform.id)];
  if (after) where.push(gt(verifications.id, after));
  if (q.customerId !== undefined) {
    const uuid = parseId("Customer", q.customerId);
    // An id of another shape matches nothing (an empty page, as for an unknown customer).
    where.push(uuid ? eq(verifications.customerId, uuid) : sql`false`);
  }
  if (q.verificationStatus) where.push(eq(verifications.verificationStatus, q.verificationStatus));
  const rows = await db.select().from(verifications).where(and(...where)).orderBy(asc(verifications.id)).limit(q.limit + 1);
  return page(rows, q.limit, toVerification);
}
