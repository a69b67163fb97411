import { z } from "zod";
import { AGENT_PERMISSIONS, defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import {
  externalAccountIdParams,
  externalAccountListFilters,
  externalAccountSchema,
  customerExternalAccountCreateSchema,
} from "@/lib/server/external-accounts/external-account.contract";

const agentPermissionSchema = z.enum(AGENT_PERMISSIONS);
export type AgentPermission = z.infer<typeof agentPermissionSchema>;
const executionMode = z.enum(["AUTO", "APPROVAL_REQUIRED"]);
const minor = z.number().int().min(0).describe("Amount in the currency's smallest unit");
const currency = z.string().regex(/^[A-Z]{3,5}$/, "currency code such as USD");

const spendingLimitsSchema = z.object({
  currency,
  perTransactionLimit: minor,
  dailyLimit: minor.nullable().optional(),
  dailyTransactionLimit: z.number().int().min(0).nullable().optional().describe("Transactions per day"),
  monthlyLimit: minor.nullable().optional(),
});
const accountRestrictionsSchema = z.object({
  allowedAccountIds: z.array(z.string().max(100)).max(100).nullable().optional(),
  accountRules: z
    .array(
      z.object({
        accountId: z.string().max(100),
        executionMode: executionMode.optional(),
        perTransactionLimit: minor.nullable().optional(),
      }),
    )
    .max(100)
    .optional(),
});
const approvalThresholdsSchema = z.object({ currency, amount: minor.nullable() });
const permissions = z
  .array(agentPermissionSchema)
  .max(AGENT_PERMISSIONS.length)
  .refine((p) => new Set(p).size === p.length, "Each permission at most once");

export const agentPolicySchema = z.object({
  permissions,
  defaultExecutionMode: executionMode,
  spendingLimits: spendingLimitsSchema,
  accountRestrictions: accountRestrictionsSchema.optional(),
  approvalThresholds: approvalThresholdsSchema.optional(),
});
export type AgentPolicy = z.infer<typeof agentPolicySchema>;

/** PATCH /agents/{id}/policy: the policy's fields at top level, each optional; `permissions` replaces the list, spendingLimits merge. */
const agentPolicyPatchSchema = z
  .object({
    permissions,
    defaultExecutionMode: executionMode,
    spendingLimits: spendingLimitsSchema.partial(),
    accountRestrictions: accountRestrictionsSchema.nullable(),
    approvalThresholds: approvalThresholdsSchema.nullable(),
  })
  .partial()
  .strict();
export type AgentPolicyPatch = z.infer<typeof agentPolicyPatchSchema>;

const agentSchema = z.object({
  id: z.string().describe("Agent:<uuid>"),
  name: z.string(),
  customerId: z.string().describe("Customer:<uuid>"),
  isPaused: z.boolean(),
  isConnected: z.boolean().describe("A device code was redeemed"),
  policy: agentPolicySchema,
  usage: z.object({
    dailyTransactionCount: z.number().int(),
    dailySpend: z.number().int(),
    monthlySpend: z.number().int(),
    dailyResetDate: z.string(),
    monthlyResetMonth: z.string(),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Agent = z.infer<typeof agentSchema>;

const deviceCodeSchema = z.object({
  code: z
    .string()
    .describe(
      "Human-typable XXXX-XXXX (letters and digits without 0/O/1/I); hyphen, spaces and case are ignored on input",
    ),
  agentId: z.string(),
  expiresAt: z.string().describe("24 hours after issue"),
  redeemed: z.boolean(),
});

const tags = ["Agent Management"];
const agentIdParams = z.object({ agentId: z.string() });
const codeParams = z.object({ code: z.string().max(64) });
const boolQuery = z.enum(["true", "false"]).transform((v) => v === "true");
const timeQuery = z.iso.datetime({ offset: true });

export const createAgentOp = defineOperation({
  operationId: "createAgent",
  method: "POST",
  path: "/agents",
  summary: "Create an agent for a customer",
  description: "Returns the agent and its first device code (shown once; only a digest is stored).",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: z.object({ name: z.string().min(1).max(100), customerId: z.string(), policy: agentPolicySchema }),
  responses: {
    201: {
      description: "The agent and its device code",
      schema: z.object({ agent: agentSchema, deviceCode: deviceCodeSchema }),
    },
    ...errorResponses(400, 401, 404),
  },
});

export const listAgentsOp = defineOperation({
  operationId: "listAgents",
  method: "GET",
  path: "/agents",
  summary: "List agents",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    customerId: z.string().max(100).optional(),
    isPaused: boolQuery.optional(),
    isConnected: boolQuery.optional(),
    createdAfter: timeQuery.optional(),
    createdBefore: timeQuery.optional(),
    updatedAfter: timeQuery.optional(),
    updatedBefore: timeQuery.optional(),
  }),
  responses: {
    200: { description: "A page of agents", schema: listResponse(agentSchema) },
    ...errorResponses(400, 401),
  },
});

export const getAgentOp = defineOperation({
  operationId: "getAgent",
  method: "GET",
  path: "/agents/{agentId}",
  summary: "Get an agent",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: agentIdParams,
  responses: { 200: { description: "The agent", schema: agentSchema }, ...errorResponses(401, 404) },
});

export const updateAgentOp = defineOperation({
  operationId: "updateAgent",
  method: "PATCH",
  path: "/agents/{agentId}",
  summary: "Rename, pause or resume an agent",
  description:
    "A paused agent's requests answer 403 FORBIDDEN (GET /agents/me still answers, so the agent can see it is paused).",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: agentIdParams,
  body: z
    .object({ name: z.string().min(1).max(100), isPaused: z.boolean() })
    .partial()
    .strict()
    .refine((b) => Object.keys(b).length > 0, "Give name, isPaused or both"),
  responses: { 200: { description: "The agent", schema: agentSchema }, ...errorResponses(400, 401, 404) },
});

export const updateAgentPolicyOp = defineOperation({
  operationId: "updateAgentPolicy",
  method: "PATCH",
  path: "/agents/{agentId}/policy",
  summary: "Change an agent's policy (partial)",
  description: "Takes effect on the agent's next request.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: agentIdParams,
  body: agentPolicyPatchSchema,
  responses: { 200: { description: "The agent", schema: agentSchema }, ...errorResponses(400, 401, 404) },
});

export const deleteAgentOp = defineOperation({
  operationId: "deleteAgent",
  method: "DELETE",
  path: "/agents/{agentId}",
  summary: "Delete an agent",
  description: "Access ends at once: its token answers 401 from the next request on.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: agentIdParams,
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404) },
});

export const createDeviceCodeOp = defineOperation({
  operationId: "createAgentDeviceCode",
  method: "POST",
  path: "/agents/{agentId}/device-codes",
  summary: "Issue a new device code",
  description: "Older unredeemed codes of the agent stop working. 409 once the agent is connected.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: agentIdParams,
  responses: { 201: { description: "The device code", schema: deviceCodeSchema }, ...errorResponses(401, 404, 409) },
});

export const deviceCodeStatusOp = defineOperation({
  operationId: "getAgentDeviceCodeStatus",
  method: "GET",
  path: "/agents/device-codes/{code}/status",
  summary: "Whether a device code was redeemed",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: codeParams,
  responses: {
    200: {
      description: "Status",
      schema: z.object({ code: z.string(), redeemed: z.boolean(), expiresAt: z.string() }),
    },
    ...errorResponses(401, 404),
  },
});

export const redeemDeviceCodeOp = defineOperation({
  operationId: "redeemAgentDeviceCode",
  method: "POST",
  path: "/agents/device-codes/{code}/redeem",
  summary: "Redeem a device code for the agent's access token",
  description:
    "No authentication. Returns the access token once (`gat_` + 40 hex; only its SHA-256 is stored). Already redeemed → 400 " +
    "DEVICE_CODE_ALREADY_REDEEMED; expired or replaced by a newer code → 400 DEVICE_CODE_EXPIRED; unknown → 404 DEVICE_CODE_NOT_FOUND. " +
    "At most 10 attempts per minute per code (429 RATE_LIMITED with Retry-After).",
  tags,
  auth: "none",
  access: { permission: "PUBLIC", changesState: true },
  params: codeParams,
  responses: {
    200: {
      description: "The access token",
      schema: z.object({
        agentId: z.string(),
        agentName: z.string(),
        accessToken: z.string(),
        policy: agentPolicySchema,
      }),
    },
    ...errorResponses(400, 404, 429),
  },
});

// Agent Operations (AgentAuth only).
const opsTags = ["Agent Operations"];
const AGENT_AUTH =
  "AgentAuth only (`Authorization: Bearer gat_…`); BasicAuth credentials → 401. Acts for the agent's customer only. " +
  "401 UNAUTHORIZED: missing, unknown or revoked token (deleted agent). 403 FORBIDDEN: the policy lacks MANAGE_EXTERNAL_ACCOUNTS, or the agent is paused. " +
  "404 EXTERNAL_ACCOUNT_NOT_FOUND: no such account, another customer's or platform's, or a malformed id (the same body).";

export const agentMeOp = defineOperation({
  operationId: "getAgentMe",
  method: "GET",
  path: "/agents/me",
  summary: "The authenticated agent",
  description: "AgentAuth only. Answers also while the agent is paused (isPaused true).",
  tags: opsTags,
  auth: "agent",
  access: { permission: "AGENT", changesState: false },
  responses: { 200: { description: "The agent", schema: agentSchema }, ...errorResponses(401) },
});

export const agentListExternalAccountsOp = defineOperation({
  operationId: "agentListExternalAccounts",
  method: "GET",
  path: "/agents/me/external-accounts",
  summary: "List the customer's external accounts",
  description: AGENT_AUTH,
  tags: opsTags,
  auth: "agent",
  access: { permission: "MANAGE_EXTERNAL_ACCOUNTS", changesState: false },
  query: externalAccountListFilters,
  responses: {
    200: { description: "A page", schema: listResponse(externalAccountSchema) },
    ...errorResponses(400, 401, 403),
  },
});

export const agentCreateExternalAccountOp = defineOperation({
  operationId: "agentCreateExternalAccount",
  method: "POST",
  path: "/agents/me/external-accounts",
  summary: "Add an external account for the customer",
  description: `${AGENT_AUTH} Grid's ExternalAccountCreateRequest; the account is always the agent's customer's (a customerId sent is replaced). The same rules as POST /customers/external-accounts.`,
  tags: opsTags,
  auth: "agent",
  access: { permission: "MANAGE_EXTERNAL_ACCOUNTS", changesState: true },
  body: customerExternalAccountCreateSchema.partial({ customerId: true }),
  responses: {
    201: { description: "The account", schema: externalAccountSchema },
    ...errorResponses(400, 401, 403, 409),
  },
});

export const agentGetExternalAccountOp = defineOperation({
  operationId: "agentGetExternalAccount",
  method: "GET",
  path: "/agents/me/external-accounts/{externalAccountId}",
  summary: "Retrieve an external account of the agent's customer",
  description: AGENT_AUTH,
  tags: opsTags,
  auth: "agent",
  access: { permission: "MANAGE_EXTERNAL_ACCOUNTS", changesState: false },
  agentAuthInQuery: true,
  params: externalAccountIdParams,
  responses: {
    200: { description: "The external account", schema: externalAccountSchema },
    ...errorResponses(401, 403, 404),
  },
});

export const agentDeleteExternalAccountOp = defineOperation({
  operationId: "agentDeleteExternalAccount",
  method: "DELETE",
  path: "/agents/me/external-accounts/{externalAccountId}",
  summary: "Delete an external account of the agent's customer",
  description: AGENT_AUTH,
  tags: opsTags,
  auth: "agent",
  access: { permission: "MANAGE_EXTERNAL_ACCOUNTS", changesState: true },
  params: externalAccountIdParams,
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
});
