import { z } from "zod";
import { defineOperation } from "@/lib/api-core/operation";
import { listResponse, paginationQuery } from "@/lib/api-core/pagination";
import { errorResponses } from "@/lib/api-core/common.contract";

export const webhookDeliverySchema = z.object({
  id: z.string().describe("Webhook:<uuid>: the envelope id the receiver sees"),
  eventType: z.string(),
  status: z.enum(["PENDING", "DELIVERED", "FAILED", "SKIPPED"]),
  attempts: z.number().int(),
  nextAttemptAt: z.string().optional().describe("When PENDING: the next attempt"),
  lastStatusCode: z.number().int().optional(),
  lastError: z.string().optional(),
  lastAttemptAt: z.string().optional(),
  deliveredAt: z.string().optional(),
  url: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const listWebhookDeliveriesOp = defineOperation({
  operationId: "listWebhookDeliveries",
  method: "GET",
  path: "/webhooks/deliveries",
  summary: "List the platform's webhook deliveries (newest first)",
  tags: ["Webhooks"],
  auth: "platform",
  query: paginationQuery.extend({
    status: z.enum(["PENDING", "DELIVERED", "FAILED", "SKIPPED"]).optional(),
    eventType: z.string().max(100).optional(),
  }),
  responses: { 200: { description: "A page of deliveries", schema: listResponse(webhookDeliverySchema) }, ...errorResponses(400, 401) },
});

export const resendWebhookDeliveryOp = defineOperation({
  operationId: "resendWebhookDelivery",
  method: "POST",
  path: "/webhooks/deliveries/{deliveryId}/resend",
  summary: "Send a delivery again (same envelope id), whatever its status",
  tags: ["Webhooks"],
  auth: "platform",
  params: z.object({ deliveryId: z.string().max(100) }),
  responses: { 200: { description: "The delivery, queued", schema: webhookDeliverySchema }, ...errorResponses(401, 404) },
});

export const sendTestWebhookOp = defineOperation({
  operationId: "sendTestWebhook",
  method: "POST",
  path: "/sandbox/webhooks/test",
  summary: "Queue a TEST webhook (`data: {}`) to the platform's webhookUrl",
  description: "Sandbox platforms only. A TEST webhook is sent once and not retried.",
  tags: ["Sandbox"],
  auth: "platform",
  responses: {
    202: { description: "Queued; follow it in GET /webhooks/deliveries", schema: z.object({ id: z.string(), type: z.literal("TEST") }) },
    ...errorResponses(400, 401, 403),
  },
});
