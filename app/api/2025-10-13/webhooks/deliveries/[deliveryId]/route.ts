import { handle, methods, reply } from "@/lib/http/handler";
import { getWebhookDeliveryOp } from "@/lib/webhooks/webhook.contract";
import { getWebhookDelivery } from "@/lib/webhooks/get-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getWebhookDeliveryOp, async ({ platform, params }) =>
    reply(200, await getWebhookDelivery(platform, params.deliveryId)),
  ),
});
