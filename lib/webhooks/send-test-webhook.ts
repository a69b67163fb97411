import { getDb } from "@/db/client";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId } from "@/lib/ids";
import { emitEvent } from "./emit-event";

export async function sendTestWebhook(platform: PlatformPrincipal): Promise<{ id: string; type: "TEST" }> {
  if (platform.environment !== "SANDBOX") {
    throw new ApiError("FORBIDDEN", "Sandbox endpoints are available to SANDBOX platforms only");
  }
  if (!platform.settings.webhookUrl) {
    throw new ApiError("WEBHOOK_ENDPOINT_NOT_SET", "Set webhookUrl with PATCH /config before sending a test webhook");
  }
  const db = await getDb();
  const id = await db.transaction((tx) => emitEvent(tx, { platformId: platform.id, type: "TEST", data: {} }));
  return { id: formatId("Webhook", id), type: "TEST" };
}
