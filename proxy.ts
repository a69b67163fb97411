import { NextResponse, type NextRequest } from "next/server";

/**
 * Content-Security-Policy for pages, with a fresh nonce per request (Next.js applies it to its own
 * scripts during dynamic rendering). No 'unsafe-eval' in production, no third-party origin for
 * scripts, no framing. form-action also allows the configured OpenID provider, because a form POST
 * to next-auth's sign-in answers with a redirect there and Chromium checks form-action on redirects.
 */
export function proxy(request: NextRequest) {
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
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|integrator/api/|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
