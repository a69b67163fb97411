import { handle, methods, reply } from "@/lib/http/handler";
import { sendTestWebhookOp } from "@/lib/webhooks/webhook.contract";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sendTestWebhookOp, async ({ platform }) => reply(200, await sendTestWebhook(platform))),
});
