import { kycPage, kycPageSubmit } from "@/lib/hosted-kyc/kyc-page";

/** The hosted KYC form behind POST /customers/{id}/kyc-link's kycUrl (lib/hosted-kyc/kyc-page.ts). */
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return kycPage((await ctx.params).token);
}

export async function POST(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return kycPageSubmit((await ctx.params).token, req);
}
