import type { InferSelectModel } from "drizzle-orm";
import type { webhookDeliveries } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { WebhookDelivery } from "./webhook.contract";

export function toWebhookDelivery(r: InferSelectModel<typeof webhookDeliveries>): WebhookDelivery {
  const out: WebhookDelivery = {
    id: formatId("Webhook", r.id),
    eventType: r.eventType,
    status: r.status,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
  if (r.status === "PENDING") out.nextAttemptAt = r.nextAttemptAt.toISOString();
  if (r.lastStatusCode !== null) out.lastStatusCode = r.lastStatusCode;
  if (r.lastError !== null) out.lastError = r.lastError;
  if (r.lastAttemptAt) out.lastAttemptAt = r.lastAttemptAt.toISOString();
  if (r.deliveredAt) out.deliveredAt = r.deliveredAt.toISOString();
  if (r.lastUrl) out.url = r.lastUrl;
  return out;
}
