import { NextResponse } from "next/server";
import { CONSOLE_COOKIE, openSession, type ConsoleSession } from "../console/console-session";

/** Same-origin form posts only (with the SameSite=Strict cookie, a second guard against cross-site requests). */
export function sameOrigin(req: Request): boolean {
  // Browsers say it directly (and send `Origin: null` under a no-referrer policy, so Origin alone is not enough).
  const site = req.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = req.headers.get("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === req.headers.get("host");
  } catch {
    return false;
  }
}

export function sessionOf(req: Request): ConsoleSession | null {
  const cookie = req.headers.get("cookie") ?? "";
  const m = new RegExp(`(?:^|;\\s*)${CONSOLE_COOKIE}=([^;]+)`).exec(cookie);
  return openSession(m ? decodeURIComponent(m[1]) : undefined);
}

export function back(req: Request, path: string, message?: string): NextResponse {
  const host = req.headers.get("host") ?? new URL(req.url).host;
  const url = new URL(path, `http://${host}`);
  if (message) url.searchParams.set("msg", message);
  return NextResponse.redirect(url, 303);
}

/**
 * A console form-post route: refuses cross-site posts (403) and sends a visitor without a console session to
 * the login page; otherwise runs `handle` with the session and the route's params.
 */
export function consoleFormPost<P = Record<string, never>>(
  handle: (req: Request, session: ConsoleSession, params: P) => Promise<NextResponse>,
): (req: Request, ctx: { params: Promise<P> }) => Promise<NextResponse> {
  return async (req, ctx) => {
    if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
    const session = sessionOf(req);
    if (!session) return back(req, "/console/login");
    return handle(req, session, await ctx.params);
  };
}
