import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries, webhookDeliveryAttempts } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toWebhookDelivery } from "./delivery-view";

/** One of the platform's deliveries with the envelope it sends and its attempts, oldest first. */
export async function getWebhookDelivery(platform: PlatformPrincipal, deliveryId: string) {
  const uuid = parseId("Webhook", deliveryId);
  if (!uuid) throw notFound("NOT_FOUND", "Webhook delivery", deliveryId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, uuid), eq(webhookDeliveries.platformId, platform.id)));
  if (!row) throw notFound("NOT_FOUND", "Webhook delivery", deliveryId);
  const attempts = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(eq(webhookDeliveryAttempts.deliveryId, uuid))
    .orderBy(asc(webhookDeliveryAttempts.attemptedAt));
  return {
    ...toWebhookDelivery(row),
    payload: JSON.parse(row.body) as Record<string, unknown>,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      attemptedAt: a.attemptedAt.toISOString(),
      ...(a.url ? { url: a.url } : {}),
      ...(a.statusCode !== null ? { statusCode: a.statusCode } : {}),
      ...(a.error !== null ? { error: a.error } : {}),
      result: a.result,
      durationMs: a.durationMs,
    })),
  };
}
