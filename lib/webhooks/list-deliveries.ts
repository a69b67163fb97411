import { eq, type SQL } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { listPage } from "@/db/list-page";
import { toWebhookDelivery } from "./delivery-view";

export async function listWebhookDeliveries(
  platform: PlatformPrincipal,
  q: { limit: number; cursor?: string; status?: "PENDING" | "DELIVERED" | "FAILED" | "SKIPPED"; eventType?: string },
) {
  const where: SQL[] = [eq(webhookDeliveries.platformId, platform.id)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.eventType) where.push(eq(webhookDeliveries.eventType, q.eventType));
  return listPage(webhookDeliveries, { ...q, sortOrder: "desc", filters: where }, (rows) =>
    rows.map(toWebhookDelivery),
  );
}
