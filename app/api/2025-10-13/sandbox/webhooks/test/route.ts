import { handle, methods, reply } from "@/lib/http/handler";
import { sendTestWebhookSandboxOp } from "@/lib/webhooks/webhook.contract";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sendTestWebhookSandboxOp, async ({ platform }) => reply(200, await sendTestWebhook(platform))),
});
