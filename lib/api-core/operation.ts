import type { z } from "zod";

/**
 * An operation's contract: the same zod schemas validate requests, type the handler,
 * serialize responses and produce the OpenAPI document (lib/openapi).
 */
export type AuthScheme = "platform" | "agent" | "none";
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

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
  /** Who authenticates; it also decides which principal the handler's context carries (lib/api-core/context.ts). */
  auth: A;
  /**
   * With auth "agent": the wrapper checks only the Bearer token's form and passes its digest
   * (`ctx.agentTokenDigest`, and no `ctx.agent`); the service function authenticates the agent in the same query
   * that reads the data, one round trip on a hot path, and must answer 401 exactly as AgentAuth does.
   */
  agentAuthInQuery?: AQ;
  body?: B;
  /** `multipart/form-data`: `body` validates the form's fields, files as `File` (lib/api-core/body.ts readFormBody). */
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
