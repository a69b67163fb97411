import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getWebhookDeliveryOp } from "@/lib/server/webhooks/webhook.contract";
import { getWebhookDelivery } from "@/lib/server/webhooks/get-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getWebhookDeliveryOp, async ({ platform, params }) =>
    reply(200, await getWebhookDelivery(platform, params.deliveryId)),
  ),
});
