import { handle, methods, reply } from "@/lib/http/handler";
import { getCustomerKycLinkOp } from "@/lib/verifications/verification.contract";
import { kycLinkByPlatformId } from "@/lib/verifications/kyc-link-by-platform-id";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getCustomerKycLinkOp, async ({ platform, query }) =>
    reply(200, await kycLinkByPlatformId(platform, query)),
  ),
});
