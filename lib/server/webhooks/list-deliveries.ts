import { and, eq, gt, not, or, type SQL } from "drizzle-orm";
import { webhookDeliveries } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { listPage } from "@/db/list-page";
import { toWebhookDelivery } from "./delivery-view";

export async function listWebhookDeliveries(
  platform: PlatformPrincipal,
  q: {
    limit: number;
    cursor?: string;
    status?: "PENDING" | "DELIVERED" | "FAILED" | "SKIPPED";
    eventType?: string;
    failing?: boolean;
  },
) {
  const where: SQL[] = [eq(webhookDeliveries.platformId, platform.id)];
  if (q.status) where.push(eq(webhookDeliveries.status, q.status));
  if (q.eventType) where.push(eq(webhookDeliveries.eventType, q.eventType));
  if (q.failing !== undefined) {
    // Failing: given up, or an attempt was made and did not deliver (a PENDING row with attempts is a retry).
    const failing = or(
      eq(webhookDeliveries.status, "FAILED"),
      and(eq(webhookDeliveries.status, "PENDING"), gt(webhookDeliveries.attempts, 0)),
    ) as SQL;
    where.push(q.failing ? failing : not(failing));
  }
  return listPage(webhookDeliveries, { ...q, sortOrder: "desc", filters: where }, (rows) =>
    rows.map(toWebhookDelivery),
  );
}
