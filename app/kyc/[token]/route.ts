import { handle, methods } from "@/lib/http/handler";
import { hostedKycPageOp, submitHostedKycPageOp } from "@/lib/hosted-kyc/hosted-kyc.contract";
import { kycPage, kycPageSubmit } from "@/lib/hosted-kyc/kyc-page";

/** The hosted KYC form behind POST /customers/{id}/kyc-link's kycUrl (lib/hosted-kyc/kyc-page.ts), through the edge. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(hostedKycPageOp, (ctx) => kycPage(ctx)),
  POST: handle(submitHostedKycPageOp, (ctx) => kycPageSubmit(ctx)),
});
