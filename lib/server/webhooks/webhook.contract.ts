import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { queryBoolean } from "@/lib/server/core/validation";

const webhookDeliverySchema = z.object({
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
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    status: z.enum(["PENDING", "DELIVERED", "FAILED", "SKIPPED"]).optional(),
    eventType: z.string().max(100).optional(),
    failing: queryBoolean
      .optional()
      .describe(
        "true: only deliveries whose last attempt failed — given up (FAILED) or waiting to retry (PENDING after an attempt); false: the others",
      ),
  }),
  responses: {
    200: { description: "A page of deliveries", schema: listResponse(webhookDeliverySchema) },
    ...errorResponses(400, 401),
  },
});

const webhookAttemptSchema = z.object({
  attempt: z.number().int().describe("1 for the first attempt"),
  attemptedAt: z.string(),
  url: z.string().optional(),
  statusCode: z.number().int().optional().describe("What the receiver answered (its body is never kept)"),
  error: z.string().optional().describe("Our short reason when the attempt did not deliver"),
  result: z.enum(["DELIVERED", "RETRY", "FAILED"]).describe("RETRY: another attempt was scheduled; FAILED: given up"),
  durationMs: z.number().int(),
});

export const getWebhookDeliveryOp = defineOperation({
  operationId: "getWebhookDelivery",
  method: "GET",
  path: "/webhooks/deliveries/{deliveryId}",
  summary: "Get a webhook delivery with its payload and every attempt",
  description:
    "The delivery, the envelope it sends (the same bytes on every attempt, parsed) and the attempts, oldest first.",
  tags: ["Webhooks"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: z.object({ deliveryId: z.string().max(100) }),
  responses: {
    200: {
      description: "The delivery",
      schema: webhookDeliverySchema.extend({
        payload: z.record(z.string(), z.unknown()),
        attemptLog: z.array(webhookAttemptSchema),
      }),
    },
    ...errorResponses(401, 404),
  },
});

export const resendWebhookDeliveryOp = defineOperation({
  operationId: "resendWebhookDelivery",
  method: "POST",
  path: "/webhooks/deliveries/{deliveryId}/resend",
  summary: "Send a delivery again (same envelope id), whatever its status",
  tags: ["Webhooks"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: z.object({ deliveryId: z.string().max(100) }),
  responses: {
    200: { description: "The delivery, queued", schema: webhookDeliverySchema },
    ...errorResponses(401, 404),
  },
});

const testWebhookResultSchema = z.object({
  response_status: z.number().int().describe("The HTTP status the receiver answered"),
  response_body: z
    .string()
    .optional()
    .describe("The start (4 KiB) of the receiver's answer, when it accepted the event and has a public address"),
  url: z.string().describe("Where the event was sent"),
});
export type TestWebhookResult = z.infer<typeof testWebhookResultSchema>;

const testWebhook = {
  method: "POST",
  summary: "Send a signed TEST webhook (`data: {}`) now and answer with the receiver's status",
  description:
    "Synchronous. The attempt is logged in GET /webhooks/deliveries like any other and, when the receiver does not accept it, retried on the usual schedule. 400 WEBHOOK_DELIVERY_ERROR when no answer came (destination refused, connection failed, timeout).",
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  responses: {
    200: { description: "What the receiver answered", schema: testWebhookResultSchema },
    ...errorResponses(400, 401),
  },
} as const;

export const sendTestWebhookOp = defineOperation({
  ...testWebhook,
  operationId: "sendTestWebhook",
  path: "/webhooks/test",
  tags: ["Webhooks"],
});

export const sendTestWebhookSandboxOp = defineOperation({
  ...testWebhook,
  operationId: "sendTestWebhookSandboxAlias",
  path: "/sandbox/webhooks/test",
  tags: ["Sandbox"],
  description: `Alias of POST /webhooks/test. ${testWebhook.description}`,
});

export const testEvent = defineEvent(
  "TEST",
  z.record(z.string(), z.unknown()).describe("{} from POST /webhooks/test"),
  "POST /webhooks/test: an event to check the receiver (its data is empty)",
);
