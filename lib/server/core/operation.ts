import type { z } from "zod";

/**
 * An operation's contract: the same zod schemas validate requests, type the handler,
 * serialize responses and produce the OpenAPI document (lib/server/edge/openapi).
 */
export type AuthScheme = "platform" | "agent" | "none";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Grid's API token permissions: VIEW reads, TRANSACT moves money, MANAGE changes configuration and customers. */
export const TOKEN_PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;
export type TokenPermission = (typeof TOKEN_PERMISSIONS)[number];

/** Grid's agent policy permissions (docs/protocol.md "Agents"). */
export const AGENT_PERMISSIONS = [
  "VIEW_TRANSACTIONS",
  "CREATE_TRANSFERS",
  "CREATE_QUOTES",
  "EXECUTE_QUOTES",
  "MANAGE_EXTERNAL_ACCOUNTS",
] as const;
export type AgentPermission = (typeof AGENT_PERMISSIONS)[number];

/**
 * What a caller needs for an operation, by its `auth`: a platform operation names the API token permission (the
 * platform's own credentials hold every one); an agent operation the agent policy permission, or AGENT for any agent
 * (its own profile and actions); an operation without authentication is PUBLIC.
 */
type PermissionOf<A extends AuthScheme> = A extends "platform"
  ? TokenPermission
  : A extends "agent"
    ? AgentPermission | "AGENT"
    : "PUBLIC";

/**
 * Declared by every operation; the handler wrapper checks `permission` before it reads the request (lib/server/edge/http/handler.ts).
 * `changesState`: the operation creates, changes or deletes anything (a row, a link, a message sent) or moves money;
 * a platform operation that does needs TRANSACT or MANAGE, whatever its method (test/contract/permissions.test.ts).
 */
interface Access<A extends AuthScheme = AuthScheme> {
  permission: PermissionOf<A>;
  changesState: boolean;
}

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  headers?: Record<string, string>;
}

/** An operation's responses by status; kept literal by defineOperation so a handler's reply is typed by them. */
export type Responses = Record<number, ResponseSpec>;

export interface Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthScheme = AuthScheme,
  R extends Responses = Responses,
  AQ extends boolean = boolean,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path under {base_url}, e.g. `/customers/{customerId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Who authenticates; it also decides which principal the handler's context carries (lib/server/core/context.ts). */
  auth: A;
  /** The permission the caller needs and whether the operation changes state (docs/permissions.md lists them). */
  access: Access<A>;
  /**
   * With auth "agent": the wrapper checks only the Bearer token's form and passes its digest
   * (`ctx.agentTokenDigest`, and no `ctx.agent`); the service function authenticates the agent in the same query
   * that reads the data, one round trip on a hot path, and must answer 401 exactly as AgentAuth does.
   */
  agentAuthInQuery?: AQ;
  body?: B;
  /** `multipart/form-data`: `body` validates the form's fields, files as `File` (lib/server/core/body.ts readFormBody). */
  bodyEncoding?: "multipart/form-data";
  /** With multipart: the largest accepted request in bytes (413 above it); a function when it depends on configuration. */
  maxBodyBytes?: number | (() => number);
  /** The body may be absent (for example EMAIL_OTP challenge). */
  bodyOptional?: boolean;
  query?: Q;
  params?: P;
  /** Request headers documented in OpenAPI (name → description). */
  headers?: Record<string, { description: string; required?: boolean }>;
  responses: R;
  deprecated?: boolean;
}

/** Any operation, whatever its schemas (the operation list, the document, the edge's serializer). */
// biome-ignore lint/suspicious/noExplicitAny: the list holds operations of every body/query/params type; each is used through its own schemas.
export type AnyOperation = Operation<any, any, any, AuthScheme, Responses, boolean>;

export function defineOperation<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  A extends AuthScheme = AuthScheme,
  R extends Responses = Responses,
  AQ extends boolean = false,
>(op: Operation<B, Q, P, A, R, AQ>): Operation<B, Q, P, A, R, AQ> {
  return op;
}

export type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
