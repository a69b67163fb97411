import { handle, methods } from "@/lib/server/edge/http/handler";
import { hostedKycPageOp, submitHostedKycPageOp } from "@/lib/server/hosted-kyc/hosted-kyc.contract";
import { kycPage, kycPageSubmit } from "@/lib/server/hosted-kyc/kyc-page";

/**
 * The hosted KYC form behind POST /customers/{id}/kyc-link's kycUrl (lib/server/hosted-kyc/kyc-page.ts), through the edge.
 *
 * proxy.ts does not run on /kyc/: Next.js copies the body of every request the proxy sees and, past 10 MB, warns
 * in the server log with the request's URL, and here the URL holds the link's token (a bearer secret). So the body
 * is read by the page itself, only once the link is checked, capped and with a deadline (lib/server/hosted-kyc/kyc-page.ts
 * kycPageSubmit: 413 past the cap, nothing logged), and the page gets its own policy: no script at all, styles and
 * images of its own, forms posted back to itself.
 */
const CSP =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const edge = methods({
  GET: handle(hostedKycPageOp, (ctx) => kycPage(ctx)),
  POST: handle(submitHostedKycPageOp, (ctx) => kycPageSubmit(ctx)),
});

function withPolicy(res: Response): Response {
  res.headers.set("content-security-policy", CSP);
  return res;
}

type Ctx = { params: Promise<{ token: string }> };

export async function GET(req: Request, ctx: Ctx): Promise<Response> {
  return withPolicy(await edge.GET(req, ctx));
}

export async function POST(req: Request, ctx: Ctx): Promise<Response> {
  return withPolicy(await edge.POST(req, ctx));
}

export const { PUT, PATCH, DELETE } = edge;
