import { sql } from "drizzle-orm";
import { execRows, getDb } from "@/db/client";
import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { attemptDelivery } from "./deliver-due";
import { envelopeOf } from "./dispatch-outbox";
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
    // The body written from the event's row, as the fan-out writes every other one (dispatch-outbox.ts envelopeOf).
    const [{ body }] = await execRows<{ body: string }>(
      tx,
      sql`insert into webhook_deliveries
            (id, platform_id, event_type, body, status, attempts, next_attempt_at, last_attempt_at, give_up_at, created_at)
          select e.id, e.platform_id, e.type, ${envelopeOf("e")}, 'PENDING', 1,
                 ${new Date(now.getTime() + cfg.WEBHOOK_TIMEOUT_MS + 5_000).toISOString()}::timestamptz,
                 ${now.toISOString()}::timestamptz, ${giveUpAt.toISOString()}::timestamptz, e.created_at
          from outbox_events e where e.id = ${id}
          returning body`,
    );
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
