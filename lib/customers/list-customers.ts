import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { toCustomer } from "./customer-view";

export async function listCustomers(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; platformCustomerId?: string },
) {
  const db = await getDb();
  const after = decodeCursor(q.cursor);
  const where: SQL[] = [eq(customers.platformId, platform.id)];
  if (after) where.push(gt(customers.id, after));
  if (q.platformCustomerId) where.push(eq(customers.platformCustomerId, q.platformCustomerId));
  const rows = await db
    .select()
    .from(customers)
    .where(and(...where))
    .orderBy(asc(customers.id))
    .limit(q.limit + 1);
  return page(rows, q.limit, toCustomer);
}
