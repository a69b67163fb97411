import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { sendTestWebhookSandboxOp } from "@/lib/server/webhooks/webhook.contract";
import { sendTestWebhook } from "@/lib/server/webhooks/send-test-webhook";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sendTestWebhookSandboxOp, async ({ platform }) => reply(200, await sendTestWebhook(platform))),
});
