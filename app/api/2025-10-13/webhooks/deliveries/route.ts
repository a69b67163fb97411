import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listWebhookDeliveriesOp } from "@/lib/server/webhooks/webhook.contract";
import { listWebhookDeliveries } from "@/lib/server/webhooks/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listWebhookDeliveriesOp, async ({ platform, query }) =>
    reply(200, await listWebhookDeliveries(platform, query)),
  ),
});
