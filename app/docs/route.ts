import { ApiReference } from "@scalar/nextjs-api-reference";

/**
 * The API reference: Scalar's reference UI over the OpenAPI document the service serves (search, request and
 * response schemas, examples, code samples, and try-it with HTTP Basic or Bearer). Its script is this app's own
 * copy of @scalar/api-reference's ESM build (app/docs/scalar/[...file]), never a CDN, loaded under the page CSP's
 * nonce (proxy.ts; 'strict-dynamic' lets it import its chunks). No web fonts are fetched.
 */
export async function GET(req: Request): Promise<Response> {
  const nonce = req.headers.get("x-nonce") ?? undefined;
  const page = ApiReference({
    pageTitle: "API reference · Payments service",
    url: "/api/2025-10-13/openapi.json",
    bundle: "/docs/scalar/standalone.esm.js",
    nonce,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: false,
    showDeveloperTools: "never",
    agent: { disabled: true },
    mcp: { disabled: true },
    documentDownloadType: "json",
    persistAuth: false,
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
    metaData: { title: "API reference · Payments service" },
  } as Parameters<typeof ApiReference>[0])();
  const html = withHead(await page.text());
  return new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The document's language, description, icons and social preview, which Scalar's page template leaves out. */
function withHead(html: string): string {
  const head = [
    '<meta name="description" content="The payments service\'s HTTP API: every operation with its schemas, examples and code samples, and a console to try it." />',
    '<link rel="icon" href="/favicon.ico" sizes="any" />',
    '<link rel="icon" href="/logo.svg" type="image/svg+xml" />',
    '<meta property="og:title" content="API reference · Payments service" />',
    `<meta property="og:image" content="${new URL("/og.png", process.env.PUBLIC_URL || "http://localhost:3000").href}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
  ].join("\n    ");
  return html.replace("<html>", '<html lang="en">').replace("</head>", `    ${head}\n  </head>`);
}
