import { getDb } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { env } from "@/lib/config/env";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { attemptDelivery } from "./deliver-due";
import { envelopeJson } from "./dispatch-outbox";
import { getWebhookSigningKey } from "./signing-key";
import { emitEvent } from "./emit-event";
import { testEvent, type TestWebhookResult } from "./webhook.contract";

/** The receiver's answer kept for the caller (a successful test only). */
const KEEP_BYTES = 4096;

/**
 * Send one signed TEST event now and answer with what the receiver said. The event and its
 * delivery (already claimed for this attempt) commit first, so the attempt is logged like any other
 * and, if it fails or this instance dies mid-way, the worker retries it on the usual schedule.
 */
export async function sendTestWebhook(platform: PlatformPrincipal): Promise<TestWebhookResult> {
  const url = platform.settings.webhookUrl;
  if (!url)
    throw new ApiError(
      "WEBHOOK_ENDPOINT_NOT_SET",
      "Set webhookEndpoint with PATCH /config before sending a test webhook",
    );
  const cfg = env();
  const now = new Date();
  const giveUpAt = new Date(now.getTime() + cfg.WEBHOOK_GIVE_UP_MS);
  const db = await getDb();
  const { id, body } = await db.transaction(async (tx) => {
    // Written as already dispatched: this call delivers it itself, the fan-out must not.
    const id = await emitEvent(tx, testEvent, { platformId: platform.id, data: {}, dispatchedAt: now });
    const body = envelopeJson(id, testEvent.type, now, {});
    await tx.insert(webhookDeliveries).values({
      id,
      platformId: platform.id,
      eventType: testEvent.type,
      body,
      status: "PENDING",
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + cfg.WEBHOOK_TIMEOUT_MS + 5_000),
      lastAttemptAt: now,
      giveUpAt,
      createdAt: now,
    });
    return { id, body };
  });
  const key = await getWebhookSigningKey();
  const outcome = await attemptDelivery(
    {
      id,
      platform_id: platform.id,
      event_type: testEvent.type,
      body,
      attempts: 1,
      give_up_at: giveUpAt,
      url,
      environment: platform.environment,
    },
    key.privateKey,
    KEEP_BYTES,
  );
  if (outcome.statusCode === null) {
    throw new ApiError("WEBHOOK_DELIVERY_ERROR", "The test webhook could not be delivered", {
      reason: outcome.error,
      url,
    });
  }
  return {
    response_status: outcome.statusCode,
    ...(outcome.responseBody ? { response_body: outcome.responseBody } : {}),
    url,
  };
}
