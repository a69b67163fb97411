import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { agentActionSchema, agentActionStatusSchema } from "@/lib/server/agents/money/agent-money.contract";
import { transferSchema } from "@/lib/server/transfers/transfer.contract";
import {
  internalAccountSchema,
  internalAccountTypeSchema,
} from "@/lib/server/internal-accounts/internal-account.contract";

export type { AgentAction } from "@/lib/server/agents/money/agent-money.contract";

const actionList = listResponse(agentActionSchema).extend({ totalCount: z.number().int().optional() });
const timeQuery = z.iso.datetime({ offset: true });
const actionParams = z.object({ agentId: z.string().max(100), actionId: z.string().max(100) });
const idem = { "Idempotency-Key": { description: "The same key returns the same action" } };
const agentErrors =
  "403 FORBIDDEN: the policy lacks the permission, the agent is paused, or a spending limit/account restriction refuses (details.reason).";

export const listAgentApprovalsOp = defineOperation({
  operationId: "listAgentApprovals",
  method: "GET",
  path: "/agents/approvals",
  summary: "List agent transaction approval requests",
  description: "Agent actions waiting for the platform's decision (status PENDING_APPROVAL).",
  tags: ["Agent Management"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    agentId: z.string().max(100).optional(),
    customerId: z.string().max(100).optional(),
    startDate: timeQuery.optional(),
    endDate: timeQuery.optional(),
    sortOrder: z.enum(["asc", "desc"]).default("desc"),
  }),
  responses: {
    200: { description: "A page of pending actions", schema: actionList },
    ...errorResponses(400, 401, 403),
  },
});

const decision = (verb: "approve" | "reject") => ({
  method: "POST" as const,
  path: `/agents/{agentId}/actions/{actionId}/${verb}`,
  tags: ["Agent Management"],
  auth: "platform" as const,
  access: { permission: "TRANSACT", changesState: true } as const,
  params: actionParams,
  responses: {
    200: { description: "The updated action", schema: agentActionSchema },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const approveAgentActionOp = defineOperation({
  ...decision("approve"),
  operationId: "approveAgentAction",
  summary: "Approve an agent action",
  description:
    "One engine with POST /transactions/{id}/approve: one conditional update decides, so of concurrent approvals and rejections through either door exactly one wins " +
    "(the others: 409 TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL). A quote that expired meanwhile leaves the action FAILED.",
});

export const rejectAgentActionOp = defineOperation({
  ...decision("reject"),
  operationId: "rejectAgentAction",
  summary: "Reject an agent action",
  body: z.object({ reason: z.string().max(1000).optional() }).strict(),
  bodyOptional: true,
});

export const agentListActionsOp = defineOperation({
  operationId: "agentListActions",
  method: "GET",
  path: "/agents/me/actions",
  summary: "The agent's own actions",
  tags: ["Agent Operations"],
  auth: "agent",
  access: { permission: "AGENT", changesState: false },
  query: paginationQuery.extend({ status: agentActionStatusSchema.optional() }),
  responses: {
    200: { description: "A page of actions, newest first", schema: actionList },
    ...errorResponses(400, 401, 403),
  },
});

export const agentGetActionOp = defineOperation({
  operationId: "agentGetAction",
  method: "GET",
  path: "/agents/me/actions/{actionId}",
  summary: "One of the agent's own actions",
  tags: ["Agent Operations"],
  auth: "agent",
  access: { permission: "AGENT", changesState: false },
  params: z.object({ actionId: z.string().max(100) }),
  responses: { 200: { description: "The action", schema: agentActionSchema }, ...errorResponses(401, 403, 404) },
});

export const agentTransferInOp = defineOperation({
  operationId: "agentCreateTransferIn",
  method: "POST",
  path: "/agents/me/transfer-in",
  summary: "Transfer from the customer's external account into its internal account (CREATE_TRANSFERS)",
  description: `The policy decides: APPROVED with the transaction, or PENDING_APPROVAL. ${agentErrors}`,
  tags: ["Agent Operations"],
  auth: "agent",
  access: { permission: "CREATE_TRANSFERS", changesState: true },
  headers: idem,
  body: transferSchema,
  responses: {
    201: { description: "The action", schema: agentActionSchema },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

export const agentTransferOutOp = defineOperation({
  operationId: "agentCreateTransferOut",
  method: "POST",
  path: "/agents/me/transfer-out",
  summary: "Transfer from the customer's internal account to its external account (CREATE_TRANSFERS)",
  description: `Same currency; the policy decides: APPROVED with the transaction, or PENDING_APPROVAL. ${agentErrors}`,
  tags: ["Agent Operations"],
  auth: "agent",
  access: { permission: "CREATE_TRANSFERS", changesState: true },
  headers: idem,
  body: transferSchema,
  responses: {
    201: { description: "The action", schema: agentActionSchema },
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const agentListInternalAccountsOp = defineOperation({
  operationId: "agentListInternalAccounts",
  method: "GET",
  path: "/agents/me/internal-accounts",
  summary: "The agent customer's internal accounts",
  tags: ["Agent Operations"],
  auth: "agent",
  access: { permission: "VIEW_TRANSACTIONS", changesState: false },
  query: paginationQuery.extend({
    currency: z
      .string()
      .regex(/^[A-Z0-9]{3,5}$/)
      .optional(),
    type: internalAccountTypeSchema.optional(),
  }),
  responses: {
    200: { description: "A page of internal accounts", schema: listResponse(internalAccountSchema) },
    ...errorResponses(400, 401, 403),
  },
});
