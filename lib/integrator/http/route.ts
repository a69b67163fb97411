import { NextResponse } from "next/server";
import { requireUser, type IntegratorUser } from "../backend/current-user";
import { IntegratorError, type ServiceResponse } from "../backend/service";
import { requireConsoleSession, type ConsoleSession } from "../console/console-session";
import { logger } from "./log";
import { sameOrigin } from "./same-origin";

type Params = Record<string, string>;

/** Who may call a kind of route, and how its failures are answered. */
interface Door<W> {
  who: (req: Request) => Promise<W>;
  fail: (req: Request, e: unknown) => Response;
}

/**
 * The one route wrapper of the integrator's side: the same-origin check, the caller (`door.who`), the route's
 * params, and every failure answered the door's way.
 */
function route<W, P = Params>(door: Door<W>, fn: (ctx: { req: Request; who: W; params: P }) => Promise<Response>) {
  return async (req: Request, ctx: { params: Promise<P> }): Promise<Response> => {
    try {
      if (!sameOrigin(req)) throw new IntegratorError(403, "CSRF_ORIGIN_MISMATCH", "Cross-site request refused");
      const who = await door.who(req);
      return await fn({ req, who, params: ((await ctx.params) ?? {}) as P });
    } catch (e) {
      return door.fail(req, e);
    }
  };
}

/** The site's JSON routes (app/integrator/api/**): the signed-in end user; failures as error objects. */
export const integratorRoute = (
  fn: (ctx: { req: Request; user: IntegratorUser; params: Params }) => Promise<Response>,
) =>
  route({ who: () => requireUser(), fail: (_req, e) => errorResponse(e) }, ({ req, who, params }) =>
    fn({ req, user: who, params }),
  );

/** The console's form posts: the operator's session (else the login page); a cross-site post is refused. */
export const consoleFormPost = <P = Params>(
  handle: (req: Request, session: ConsoleSession, params: P) => Promise<Response>,
) =>
  route<ConsoleSession, P>(
    { who: async (req) => requireConsoleSession(req), fail: formFailure },
    ({ req, who, params }) => handle(req, who, params),
  );

function formFailure(req: Request, e: unknown): Response {
  if (e instanceof IntegratorError && e.status === 403)
    return new NextResponse("cross-origin form post refused", { status: 403 });
  if (e instanceof IntegratorError && e.status === 401) return back(req, "/console/login");
  return errorResponse(e);
}

/**
 * Back to a console page (303), with a status message (and, for a failure, the service's code and message). The
 * Location is relative (RFC 9110 §10.2.2): the browser resolves it against the address it used, so nothing is built
 * from the Host header and https stays https.
 */
export function back(_req: Request, path: string, message?: string, detail?: string): NextResponse {
  const url = new URL(path, "http://relative.invalid");
  if (message) url.searchParams.set("msg", message);
  if (detail) url.searchParams.set("detail", detail);
  return new NextResponse(null, { status: 303, headers: { location: `${url.pathname}${url.search}${url.hash}` } });
}

export function errorResponse(e: unknown): Response {
  if (e instanceof IntegratorError) {
    return NextResponse.json(
      { status: e.status, code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) },
      { status: e.status },
    );
  }
  logger.error({ err: e instanceof Error ? e.message : String(e) }, "integrator route failed");
  return NextResponse.json(
    { status: 500, code: "INTERNAL_ERROR", message: "The integrator failed to handle the request" },
    { status: 500 },
  );
}

/** Answer the browser with the service's status and body as they are (error objects keep their code). */
export function relay(r: ServiceResponse): Response {
  const headers: Record<string, string> = { "cache-control": "no-store" };
  if (r.retryAfter) headers["retry-after"] = r.retryAfter;
  if (r.status === 204) return new Response(null, { status: 204, headers });
  return NextResponse.json(r.body ?? null, { status: r.status, headers });
}

/** The signed-retry headers the browser attached (its stamp and the request id), passed through. */
export function signedRetryHeaders(req: Request): { signature: string | null; requestId: string | null } {
  return { signature: req.headers.get("service-wallet-signature"), requestId: req.headers.get("request-id") };
}

export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    const v = JSON.parse(text);
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {}
  throw new IntegratorError(400, "INVALID_INPUT", "Expected a JSON object body");
}
