import { z } from "zod";
import { defineOperation, TOKEN_PERMISSIONS } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";

const permission = z
  .enum(TOKEN_PERMISSIONS)
  .describe("VIEW: read all data; TRANSACT: send payments; MANAGE: platform config, API tokens and customers");

const apiTokenSchema = z.object({
  id: z.string().describe("Token:<uuid>"),
  name: z.string(),
  permissions: z.array(permission),
  clientId: z.string().describe("The username of HTTP Basic authentication"),
  clientSecret: z
    .string()
    .optional()
    .describe("Only in the creation response: it is stored as a slow hash and never shown again"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

const tags = ["API Tokens"];
const timeQuery = z.iso.datetime({ offset: true });
const tokenIdParams = z.object({ tokenId: z.string().max(100) });

export const createTokenOp = defineOperation({
  operationId: "createToken",
  method: "POST",
  path: "/tokens",
  summary: "Create a new API token",
  description: "Further platform credentials; the secret is shown once. Needs MANAGE when called with an API token.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: z.object({
    name: z.string().min(1).max(200),
    permissions: z
      .array(permission)
      .min(1)
      .max(TOKEN_PERMISSIONS.length)
      .refine((p) => new Set(p).size === p.length, "Each permission at most once"),
  }),
  responses: {
    201: { description: "The token with its secret (shown once)", schema: apiTokenSchema },
    ...errorResponses(400, 401, 403),
  },
});

export const listTokensOp = defineOperation({
  operationId: "listTokens",
  method: "GET",
  path: "/tokens",
  summary: "List tokens",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: false },
  query: paginationQuery.extend({
    name: z.string().max(200).optional(),
    createdAfter: timeQuery.optional(),
    createdBefore: timeQuery.optional(),
    updatedAfter: timeQuery.optional(),
    updatedBefore: timeQuery.optional(),
  }),
  responses: {
    200: {
      description: "Tokens, oldest first",
      schema: listResponse(apiTokenSchema).extend({ totalCount: z.number().int().optional() }),
    },
    ...errorResponses(400, 401, 403),
  },
});

export const getTokenOp = defineOperation({
  operationId: "getTokenById",
  method: "GET",
  path: "/tokens/{tokenId}",
  summary: "Get API token by ID",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: false },
  params: tokenIdParams,
  responses: {
    200: { description: "The token (never its secret)", schema: apiTokenSchema },
    ...errorResponses(401, 403, 404),
  },
});

export const deleteTokenOp = defineOperation({
  operationId: "deleteTokenById",
  method: "DELETE",
  path: "/tokens/{tokenId}",
  summary: "Delete API token by ID",
  description: "The token stops authenticating at once, on every instance.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: tokenIdParams,
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404) },
});
