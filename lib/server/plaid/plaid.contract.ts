import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { externalAccountSchema } from "@/lib/server/external-accounts/external-account.contract";

const REMOVED =
  "Deprecated: Grid removed its Plaid operations on 2026-03-27 (lightsparkdev/grid-api #304); they are kept, as Grid last defined them, " +
  "for integrators built against the earlier API. ";
const SANDBOX =
  'Sandbox platforms use the built-in Plaid sandbox (docs/protocol.md "Plaid"); production platforms need PLAID_CLIENT_ID and PLAID_SECRET ' +
  "and otherwise get 503 SERVICE_UNAVAILABLE.";
const tags = ["External Accounts"];

const plaidLinkTokenRequestSchema = z.object({
  customerId: z
    .string()
    .max(200)
    .describe("The ID of the customer for whom to create the Plaid Link token and external account"),
});

const plaidLinkTokenResponseSchema = z.object({
  linkToken: z
    .string()
    .describe("The Plaid Link token to initialize Plaid Link with; single-use, expires at `expiration`"),
  expiration: z.string().describe("ISO 8601 date-time when the link token expires (4 hours after issue)"),
  callbackUrl: z
    .string()
    .describe("Where to POST the public token after Plaid Link completes: …/plaid/callback/{linkToken}"),
  requestId: z.string().optional().describe("A unique identifier for this request, useful for debugging"),
});

const plaidCallbackRequestSchema = z.object({
  publicToken: z
    .string()
    .min(1)
    .max(500)
    .describe("The public token Plaid Link returned after the customer authenticated and selected an account"),
  accountId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Plaid account ID of the selected account; the item's default account when absent"),
});

export const createPlaidLinkTokenOp = defineOperation({
  operationId: "createPlaidLinkToken",
  method: "POST",
  path: "/plaid/link-tokens",
  summary: "Request Plaid Link token",
  description:
    REMOVED +
    "Creates a Plaid Link token for a customer. Flow: request a link token and callbackUrl; show Plaid Link with the token; POST the public " +
    "token Plaid Link returns to the callbackUrl; the external account is created PENDING and becomes ACTIVE asynchronously, announced by an " +
    "EXTERNAL_ACCOUNT.STATUS_UPDATED webhook. " +
    SANDBOX,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  deprecated: true,
  body: plaidLinkTokenRequestSchema,
  responses: {
    200: { description: "Link token created", schema: plaidLinkTokenResponseSchema },
    ...errorResponses(400, 401, 404, 503),
  },
});

export const submitPlaidPublicTokenOp = defineOperation({
  operationId: "submitPlaidPublicToken",
  method: "POST",
  path: "/plaid/callback/{plaid_link_token}",
  summary: "Submit Plaid public token",
  description:
    REMOVED +
    "Exchanges the public token for the customer's bank account and answers 202 with the new external account (USD_ACCOUNT, status PENDING, " +
    "the customer as beneficiary). The account becomes ACTIVE asynchronously and an EXTERNAL_ACCOUNT.STATUS_UPDATED webhook is sent. " +
    "400 INVALID_INPUT when Plaid rejects the public token or account; 404 NOT_FOUND for an unknown or expired link token (or another platform's); " +
    "409 CONFLICT when the link token was already used or the customer already has this bank account. " +
    SANDBOX,
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  deprecated: true,
  params: z.object({
    plaid_link_token: z.string().max(200).describe("The Plaid link token from the link token response"),
  }),
  body: plaidCallbackRequestSchema,
  responses: {
    202: { description: "A pending external account, activated asynchronously", schema: externalAccountSchema },
    ...errorResponses(400, 401, 404, 409, 503),
  },
});
