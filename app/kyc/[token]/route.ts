import { ApiError } from "@/lib/api-core/errors";
import { bufferedRequest } from "@/lib/api-core/body";
import { env } from "@/lib/config/env";
import { kycPage, kycPageSubmit } from "@/lib/hosted-kyc/kyc-page";

/**
 * The hosted KYC form behind POST /customers/{id}/kyc-link's kycUrl (lib/hosted-kyc/kyc-page.ts).
 *
 * proxy.ts does not run on /kyc/: Next.js copies the body of every request the proxy sees and, past 10 MB, warns
 * in the server log with the request's URL, and here the URL holds the link's token (a bearer secret). So the body
 * is capped here (a document and the form's fields: 413 past it, nothing logged), and the page gets its own
 * policy: no script at all, styles and images of its own, forms posted back to itself.
 */
const CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function withPolicy(res: Response): Response {
  res.headers.set("content-security-policy", CSP);
  return res;
}

export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return withPolicy(await kycPage((await ctx.params).token));
}

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  const maxBytes = env().DOCUMENT_MAX_BYTES + 64 * 1024;
  let capped: Request;
  try {
    capped = await bufferedRequest(req, maxBytes);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "PAYLOAD_TOO_LARGE") throw e;
    return withPolicy(
      new Response(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Too large</title><p>The form is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB. Go back and choose a smaller file.</p></html>`,
        { status: 413, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } },
      ),
    );
  }
  return withPolicy(await kycPageSubmit((await ctx.params).token, capped));
}
