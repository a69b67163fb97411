import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { env } from "@/lib/shared/config/env";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toWebhookDelivery } from "./delivery-view";

/** Queue a delivery again with the same envelope (same id, so the receiver can de-duplicate). */
export async function resendWebhookDelivery(platform: PlatformPrincipal, deliveryId: string) {
  const uuid = parseId("Webhook", deliveryId);
  if (!uuid) throw notFound("NOT_FOUND", "Webhook delivery", deliveryId);
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: "PENDING",
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + env().WEBHOOK_GIVE_UP_MS),
      updatedAt: now,
    })
    .where(and(eq(webhookDeliveries.id, uuid), eq(webhookDeliveries.platformId, platform.id)))
    .returning();
  if (!row) throw notFound("NOT_FOUND", "Webhook delivery", deliveryId);
  return toWebhookDelivery(row);
}
