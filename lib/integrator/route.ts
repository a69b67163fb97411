import { NextResponse } from "next/server";
import { errorFields } from "@/db/errors";
import { logger } from "@/lib/log/logger";
import { integratorConfig } from "./config";
import { requireUser, type IntegratorUser } from "./current-user";
import { IntegratorError, type ServiceResponse } from "./service";

type Params = Record<string, string>;
type Handler = (ctx: { req: Request; user: IntegratorUser; params: Params }) => Promise<Response>;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Wrap an integrator route: CSRF check on mutating methods (the Origin header must be the
 * integrator's own origin), the signed-in end user, and every failure as an error object.
 */
export function integratorRoute(fn: Handler) {
  return async (req: Request, ctx: { params: Promise<Params> }): Promise<Response> => {
    try {
      checkOrigin(req);
      const user = await requireUser();
      return await fn({ req, user, params: (await ctx.params) ?? {} });
    } catch (e) {
      return errorResponse(e);
    }
  };
}

export function checkOrigin(req: Request): void {
  if (!MUTATING.has(req.method)) return;
  const origin = req.headers.get("origin");
  const expected = integratorConfig().origin;
  if (origin !== expected) {
    throw new IntegratorError(403, "CSRF_ORIGIN_MISMATCH", `Cross-site request refused: expected Origin ${expected}, received ${origin ?? "none"}`);
  }
}

export function errorResponse(e: unknown): Response {
  if (e instanceof IntegratorError) {
    return NextResponse.json({ status: e.status, code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) }, { status: e.status });
  }
  logger.error({ err: errorFields(e) }, "integrator route failed");
  return NextResponse.json({ status: 500, code: "INTERNAL_ERROR", message: "The integrator failed to handle the request" }, { status: 500 });
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
