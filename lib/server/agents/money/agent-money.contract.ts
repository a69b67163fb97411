import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent } from "@/lib/server/core/events";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { quoteCreateSchema, quoteSchema } from "@/lib/server/quotes/quote.contract";
import {
  anyTransactionSchema,
  transactionSchema,
  transactionStatusFilter,
} from "@/lib/server/transactions/transaction.contract";

export const agentActionStatusSchema = z.enum(["PENDING_APPROVAL", "APPROVED", "REJECTED", "FAILED"]);
export const agentActionSchema = z.object({
  id: z
    .string()
    .describe(
      "AgentAction:<uuid>; the same uuid as the transaction it decides (POST /transactions/{id}/approve is the other door)",
    ),
  agentId: z.string(),
  customerId: z.string(),
  platformCustomerId: z.string(),
  status: agentActionStatusSchema,
  type: z.enum(["EXECUTE_QUOTE", "TRANSFER_OUT", "TRANSFER_IN"]),
  quote: quoteSchema.optional().describe("EXECUTE_QUOTE actions"),
  transferDetails: z
    .object({
      amount: z.number().int(),
      currency: z.string(),
      sourceAccountId: z.string(),
      destinationAccountId: z.string(),
    })
    .optional()
    .describe("TRANSFER_OUT and TRANSFER_IN actions"),
  transaction: transactionSchema.optional().describe("Once approved (absent while PENDING_APPROVAL or REJECTED)"),
  rejectionReason: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgentAction = z.infer<typeof agentActionSchema>;

const tags = ["Agent Operations"];
const agentErrors =
  "403 FORBIDDEN: the policy lacks the permission, the agent is paused, or a spending limit/account restriction refuses (details.reason).";

const agentQuoteCreateSchema = quoteCreateSchema.omit({ immediatelyExecute: true, platformFeeOverride: true }).strict();

export const agentCreateQuoteOp = defineOperation({
  operationId: "agentCreateQuote",
  method: "POST",
  path: "/agents/me/quotes",
  summary: "Create a quote for the agent's customer (CREATE_QUOTES)",
  description: `Accounts of other customers answer 404. ${agentErrors}`,
  tags,
  auth: "agent",
  access: { permission: "CREATE_QUOTES", changesState: true },
  headers: {
    "Idempotency-Key": {
      description:
        "The same key with the same body returns the same quote; with another body, 409 IDEMPOTENCY_KEY_REUSED",
    },
  },
  body: agentQuoteCreateSchema,
  responses: { 201: { description: "The quote", schema: quoteSchema }, ...errorResponses(400, 401, 403, 404, 409) },
});

export const agentGetQuoteOp = defineOperation({
  operationId: "agentGetQuote",
  method: "GET",
  path: "/agents/me/quotes/{quoteId}",
  summary: "Get one of the agent customer's quotes",
  tags,
  auth: "agent",
  access: { permission: "CREATE_QUOTES", changesState: false },
  params: z.object({ quoteId: z.string().max(100) }),
  responses: { 200: { description: "The quote", schema: quoteSchema }, ...errorResponses(401, 403, 404) },
});

export const agentExecuteQuoteOp = defineOperation({
  operationId: "agentExecuteQuote",
  method: "POST",
  path: "/agents/me/quotes/{quoteId}/execute",
  summary: "Execute a quote under the agent's policy (EXECUTE_QUOTES)",
  description:
    "Answers Grid's AgentAction (type EXECUTE_QUOTE, with the quote). AUTO: executes now (APPROVED with its transaction, or FAILED). " +
    "APPROVAL_REQUIRED (default mode, account rule or approval threshold): PENDING_APPROVAL, no transaction shown yet; the transaction stays PENDING " +
    "(pendingAgentActionId) and AGENT_ACTION.PENDING_APPROVAL is emitted with the action; the platform decides once, with POST /transactions/{id}/approve or /reject " +
    "or POST /agents/{agentId}/actions/{actionId}/approve or /reject. " +
    agentErrors,
  tags,
  auth: "agent",
  access: { permission: "EXECUTE_QUOTES", changesState: true },
  params: z.object({ quoteId: z.string().max(100) }),
  responses: {
    200: { description: "The agent action", schema: agentActionSchema },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const agentListTransactionsOp = defineOperation({
  operationId: "agentListTransactions",
  method: "GET",
  path: "/agents/me/transactions",
  summary: "The agent customer's transactions (VIEW_TRANSACTIONS)",
  tags,
  auth: "agent",
  access: { permission: "VIEW_TRANSACTIONS", changesState: false },
  query: paginationQuery.extend({
    status: transactionStatusFilter.optional(),
    sortOrder: z.enum(["asc", "desc"]).default("desc"),
  }),
  responses: {
    200: {
      description: "A page of the customer's transactions, card transactions (type CARD) among them",
      schema: listResponse(anyTransactionSchema),
    },
    ...errorResponses(400, 401, 403),
  },
});

export const agentGetTransactionOp = defineOperation({
  operationId: "agentGetTransaction",
  method: "GET",
  path: "/agents/me/transactions/{transactionId}",
  summary: "One of the agent customer's transactions (VIEW_TRANSACTIONS)",
  tags,
  auth: "agent",
  access: { permission: "VIEW_TRANSACTIONS", changesState: false },
  params: z.object({ transactionId: z.string().max(100) }),
  responses: {
    200: { description: "The transaction (a card transaction for a CardTransaction id)", schema: anyTransactionSchema },
    ...errorResponses(401, 403, 404),
  },
});

/** AGENT_ACTION.PENDING_APPROVAL: Grid's AgentActionWebhook, the whole AgentAction (approvals-and-audit guide). */
export const agentActionPendingEvent = defineEvent(
  "AGENT_ACTION.PENDING_APPROVAL",
  agentActionSchema,
  "An agent's action waits for the platform's approval (POST /agents/actions/{id}/approve or /transactions/{id}/approve)",
);
