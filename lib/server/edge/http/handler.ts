import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { errorFields } from "@/db/errors";
import { logger } from "@/lib/shared/log/logger";
import { authenticatePlatform } from "@/lib/server/platforms/authenticate-platform";
import { assertTokenPermission } from "@/lib/server/platforms/token-permission";
import { agentByDigest, agentTokenDigest } from "@/lib/server/agents/authenticate-agent";
import { requireAgentPermission } from "@/lib/server/agents/require-agent-permission";
import { ApiError, type ErrorCode } from "@/lib/server/core/errors";
import { queryObject, readFormBody, readJsonBody } from "@/lib/server/core/body";
import type {
  AgentPermission,
  AnyOperation,
  AuthScheme,
  HttpMethod,
  Infer,
  Operation,
  Responses,
  TokenPermission,
} from "@/lib/server/core/operation";
import { invalidInput, parseOrThrow, parseQuery, refuseBadText, type FieldError } from "@/lib/server/core/validation";
import type { Ctx, PrincipalCtx, RequestCtx } from "@/lib/server/core/context";
import type { Reply, ReplyFor } from "@/lib/server/core/reply";

/** Routes take reply from here with handle and methods; services take it from lib/server/core/reply. */
export { reply } from "@/lib/server/core/reply";

export const TRACE_HEADER = "Request-Trace-Id";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteFn = (req: Request, ctx: RouteContext) => Promise<Response>;

/**
 * Wrap one operation: authenticate → parse → call → serialize; every failure becomes the error object.
 * The handler's context carries the principal of the operation's `auth` only, and its reply must be one the
 * operation's responses allow (lib/server/core/context.ts, reply.ts): both are checked by tsc.
 */
export function handle<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  A extends AuthScheme,
  R extends Responses,
  AQ extends boolean,
>(
  op: Operation<B, Q, P, A, R, AQ>,
  fn: (ctx: Ctx<Infer<B>, Infer<Q>, Infer<P>, A, AQ>) => Promise<ReplyFor<R>>,
): RouteFn {
  return async (req, routeCtx) => {
    const started = performance.now();
    const requestId = randomUUID();
    const log: { platformId?: string } = {};
    let response: Response;
    try {
      const principal = await authenticate(op, req, log);
      const rawParams = (await routeCtx?.params) ?? {};
      const params = op.params ? parseOrThrow(op.params, rawParams) : refuseBadText(rawParams);
      const url = new URL(req.url);
      // Invalid query parameters and invalid body fields are answered together: one 400 lists every invalid field.
      let query: unknown;
      let queryError: ApiError | undefined;
      try {
        query = parseQuery(op.query, queryObject(url));
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== "INVALID_INPUT") throw e;
        queryError = e;
      }
      let rawBody: unknown;
      let body: unknown;
      if (op.body) {
        rawBody =
          op.bodyEncoding === "multipart/form-data"
            ? await readFormBody(
                req,
                typeof op.maxBodyBytes === "function" ? op.maxBodyBytes() : op.maxBodyBytes,
                // The caller authenticated above: its platform's uploads in progress are capped.
                log.platformId,
              )
            : await readJsonBody(req);
        try {
          if (rawBody === undefined && op.bodyOptional) body = undefined;
          else body = parseOrThrow(op.body, rawBody ?? {});
        } catch (e) {
          if (!queryError || !(e instanceof ApiError) || e.code !== "INVALID_INPUT") throw e;
          throw invalidInput([...fieldErrorsOf(queryError), ...fieldErrorsOf(e)]);
        }
      }
      if (queryError) throw queryError;
      const request: RequestCtx<Infer<B>, Infer<Q>, Infer<P>> = {
        req,
        url,
        body: body as Infer<B>,
        query: query as Infer<Q>,
        params: params as Infer<P>,
        log,
        requestId,
        rawBody,
      };
      const result = await fn({ ...request, ...(principal as PrincipalCtx<A, AQ>) });
      response = serialize(op, result);
    } catch (err) {
      response = errorResponse(err, requestId, op, req);
    }
    response.headers.set(TRACE_HEADER, requestId);
    logger.info({
      requestId,
      method: req.method,
      route: op.path,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      platformId: log.platformId,
    });
    return response;
  };
}

/**
 * The principal of the operation's `auth`. Its type follows `op.auth` (PrincipalCtx), which TypeScript cannot narrow
 * through a generic parameter: the caller asserts it, the branches here make it true.
 */
async function authenticate(
  op: AnyOperation,
  req: Request,
  log: { platformId?: string },
): Promise<PrincipalCtx<AuthScheme, boolean>> {
  if (op.auth === "platform") {
    const platform = await authenticatePlatform(req.headers);
    log.platformId = platform.id;
    assertTokenPermission(platform, op.access.permission as TokenPermission);
    return { platform };
  }
  if (op.auth === "agent") {
    const tokenDigest = agentTokenDigest(req.headers.get("authorization"));
    // The service authenticates in its own query and checks the declared permission there (agentAuthInQuery).
    if (op.agentAuthInQuery) return { agentTokenDigest: tokenDigest };
    const agent = await agentByDigest(tokenDigest);
    log.platformId = agent.platformId;
    // AGENT: any agent, paused or not (its own profile and actions); the others also refuse a paused agent.
    const need = op.access.permission as AgentPermission | "AGENT";
    if (need !== "AGENT") requireAgentPermission(agent, need);
    return { agent, agentTokenDigest: tokenDigest };
  }
  return {};
}

function serialize(op: AnyOperation, result: Reply): Response {
  const headers = new Headers(result.headers);
  if (result.status === 204 || result.body === undefined) return new Response(null, { status: result.status, headers });
  // Raw bytes (a file download): the handler set the content type.
  if (result.body instanceof Uint8Array)
    return new Response(new Uint8Array(result.body), { status: result.status, headers });
  const spec = op.responses[result.status];
  const out = spec?.schema ? spec.schema.parse(result.body) : result.body;
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify(out), { status: result.status, headers });
}

export function errorJson(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
  headers?: Record<string, string>,
): Response {
  const e = new ApiError(code, message, details, headers);
  return new Response(JSON.stringify(e.toBody()), {
    status: e.status,
    headers: { "content-type": "application/json", ...(headers ?? {}) },
  });
}

/** nginx's "client closed request": nobody reads this answer; it only marks the request log line. */
const CLIENT_CLOSED = 499;

function errorResponse(err: unknown, requestId: string, op: { path: string }, req: Request): Response {
  if (err instanceof ApiError) return errorJson(err.code, err.message, err.details, err.headers);
  // A client that hung up mid-request is not a server fault: the request line at info says so.
  if (req.signal.aborted || isClientGone(err)) return new Response(null, { status: CLIENT_CLOSED });
  logger.error({ requestId, route: op.path, err: errorFields(err) }, "unhandled error");
  return errorJson("INTERNAL_ERROR", `An internal error occurred (request ${requestId})`, { requestId });
}

function isClientGone(err: unknown): boolean {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  return (
    !!e &&
    (e.name === "AbortError" || e.name === "ResponseAborted" || e.code === "ECONNRESET" || e.message === "aborted")
  );
}

const ALL_METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Export every HTTP method of a route file: the given ones, and a 405 error object for the rest
 * (Next.js would otherwise answer 405 with an empty body).
 */
export function methods(handlers: Partial<Record<HttpMethod, RouteFn>>): Record<HttpMethod, RouteFn> {
  const allow = Object.keys(handlers).join(", ");
  const out = {} as Record<HttpMethod, RouteFn>;
  for (const m of ALL_METHODS) {
    out[m] =
      handlers[m] ??
      (async () => {
        const res = errorJson("METHOD_NOT_ALLOWED", `Method not allowed; allowed: ${allow}`, undefined, {
          Allow: allow,
        });
        res.headers.set(TRACE_HEADER, randomUUID());
        return res;
      });
  }
  return out;
}

type PageFn = (req: Request, params: Record<string, string>) => Promise<Response>;

/**
 * The edge for the routes that answer pages rather than API operations (the card-reveal page): a request id in
 * Request-Trace-Id and one log line per request, like `handle`; an unexpected failure is a 500 naming the request
 * id and logged as a class only. HEAD is answered 405 here: Next.js would otherwise run GET for a HEAD, and a GET
 * that spends a single-use link must not be spent by a HEAD (a link preview, a proxy's check).
 */
export function pageRoute(route: string, handlers: { GET?: PageFn; POST?: PageFn }): Record<string, RouteFn> {
  const allow = Object.keys(handlers).join(", ");
  const out: Record<string, RouteFn> = {};
  for (const m of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const) {
    const fn = m === "GET" || m === "POST" ? handlers[m] : undefined;
    out[m] = async (req, routeCtx) => {
      const started = performance.now();
      const requestId = randomUUID();
      let response: Response;
      try {
        if (!fn) response = new Response(null, { status: 405, headers: { Allow: allow } });
        else {
          const raw = (await routeCtx?.params) ?? {};
          const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
          response = await fn(req, params);
        }
      } catch (err) {
        if (req.signal.aborted || isClientGone(err)) response = new Response(null, { status: CLIENT_CLOSED });
        else {
          logger.error({ requestId, route, err: errorFields(err) }, "unhandled error");
          response = new Response(`An internal error occurred (request ${requestId})`, {
            status: 500,
            headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
          });
        }
      }
      response.headers.set(TRACE_HEADER, requestId);
      logger.info({
        requestId,
        method: req.method,
        route,
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
      return response;
    };
  }
  return out;
}

function fieldErrorsOf(e: ApiError): FieldError[] {
  return (e.details?.errors as FieldError[] | undefined) ?? [];
}
