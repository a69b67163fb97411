import { NextResponse, type NextRequest } from "next/server";
import { ApiError } from "@/lib/server/core/errors";
import { logger } from "@/lib/shared/log/logger";

/**
 * API paths reach this proxy only when the matcher below saw a path whose percent-encoding may be
 * malformed (Next.js would answer a text/plain 500 before any route runs). Everything else goes
 * straight to the route handlers.
 */
function apiProxy(request: NextRequest): NextResponse {
  const pathname = new URL(request.url).pathname;
  try {
    decodeURIComponent(pathname);
  } catch {
    logger.info(
      { method: request.method, status: 400, reason: "MALFORMED_PATH" },
      "malformed percent-encoding in the path",
    );
    const body = new ApiError("INVALID_INPUT", "The path has malformed percent-encoding", {
      errors: [{ field: "(path)", message: "Malformed percent-encoding" }],
    }).toBody();
    return NextResponse.json(body, { status: 400 });
  }
  return NextResponse.next();
}

/**
 * Content-Security-Policy for pages, with a fresh nonce per request (Next.js applies it to its own
 * scripts during dynamic rendering). No 'unsafe-eval' in production, no third-party origin for
 * scripts, no framing. form-action also allows the configured OpenID provider, because a form POST
 * to next-auth's sign-in answers with a redirect there and Chromium checks form-action on redirects.
 */
export function proxy(request: NextRequest) {
  if (new URL(request.url).pathname.startsWith("/api/")) return apiProxy(request);
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const dev = process.env.NODE_ENV === "development";
  const issuer = process.env.INTEGRATOR_OIDC_ISSUER ? new URL(process.env.INTEGRATOR_OIDC_ISSUER).origin : "";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${issuer ? ` ${issuer}` : ""}`,
    "frame-ancestors 'none'",
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // The page asked for, so a sign-in page can lead back to it (lib/integrator/console/console-client.ts).
  const asked = new URL(request.url);
  requestHeaders.set("x-request-path", `${asked.pathname}${asked.search}`);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    // A "%" not followed by two hex digits, or an encoded byte ≥ 0x80 (maybe invalid UTF-8).
    "/api/:path(.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*)",
    {
      source: "/((?!api/|integrator/api/|kyc/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
