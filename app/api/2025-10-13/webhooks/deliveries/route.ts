import { handle, methods, reply } from "@/lib/http/handler";
import { listWebhookDeliveriesOp } from "@/lib/webhooks/webhook.contract";
import { listWebhookDeliveries } from "@/lib/webhooks/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listWebhookDeliveriesOp, async ({ platform, query }) =>
    reply(200, await listWebhookDeliveries(platform, query)),
  ),
});
