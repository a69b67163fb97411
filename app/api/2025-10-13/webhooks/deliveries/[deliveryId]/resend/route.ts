import { handle, methods, reply } from "@/lib/http/handler";
import { resendWebhookDeliveryOp } from "@/lib/webhooks/webhook.contract";
import { resendWebhookDelivery } from "@/lib/webhooks/resend-delivery";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(resendWebhookDeliveryOp, async ({ platform, params }) =>
    reply(200, await resendWebhookDelivery(platform, params.deliveryId)),
  ),
});
