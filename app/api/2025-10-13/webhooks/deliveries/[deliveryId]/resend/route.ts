import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { resendWebhookDeliveryOp } from "@/lib/server/webhooks/webhook.contract";
import { resendWebhookDelivery } from "@/lib/server/webhooks/resend-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(resendWebhookDeliveryOp, async ({ platform, params }) =>
    reply(200, await resendWebhookDelivery(platform, params.deliveryId)),
  ),
});
