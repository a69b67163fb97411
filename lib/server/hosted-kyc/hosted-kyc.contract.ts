import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";

/**
 * The hosted KYC page (`/kyc/<token>`, the kycUrl of POST /customers/{id}/kyc-link) goes through the same handler
 * edge as the API (lib/server/edge/http/handler.ts: one request log line, a Request-Trace-Id), as HTML. It is the end user's
 * page, not part of the API: these operations are not in the OpenAPI document (lib/server/edge/openapi/operations.ts).
 * The token is checked by the page itself (a malformed or unknown one is the "link expired" page, 404).
 */
const page = { description: "The page (text/html)" };
/** `lang`: the page's language (en, de; another value falls back to Accept-Language). The edge refuses other parameters. */
const query = z.object({ lang: z.string().max(20).optional() });

export const hostedKycPageOp = defineOperation({
  operationId: "hostedKycPage",
  method: "GET",
  path: "/kyc/{token}",
  summary: "The hosted KYC form",
  tags: ["Hosted pages"],
  auth: "none",
  access: { permission: "PUBLIC", changesState: false },
  query,
  responses: { 200: page, 404: page },
});

export const submitHostedKycPageOp = defineOperation({
  operationId: "submitHostedKycPage",
  method: "POST",
  path: "/kyc/{token}",
  summary: "Submit the hosted KYC form (multipart)",
  tags: ["Hosted pages"],
  auth: "none",
  access: { permission: "PUBLIC", changesState: true },
  query,
  responses: { 200: page, 400: page, 404: page, 408: page, 413: page, 429: page },
});
