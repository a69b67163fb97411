import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { decodeCursor, page } from "@/lib/api-core/pagination";
import { toWebhookDelivery } from "./delivery-view";

export async function listWebhookDeliveries(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; status?: "PENDING" | "DELIVERED" | "FAILED" | "SKIPPED"; eventType?: string },
) {
  const db = await getDb();
  const before = decodeCursor(q.cursor);
  const where: SQL[] = [eq(webhookDeliveries.platformId, platform.id)];
  if (before) where.push(lt(webhookDeliveries.id, before));
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.eventType) where.push(eq(webhookDeliveries.eventType, q.eventType));
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(and(...where))
    .orderBy(desc(webhookDeliveries.id))
    .limit(q.limit + 1);
  return page(rows, q.limit, toWebhookDelivery);
}
