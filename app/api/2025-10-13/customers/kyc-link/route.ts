import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getCustomerKycLinkOp } from "@/lib/server/verifications/verification.contract";
import { kycLinkByPlatformId } from "@/lib/server/verifications/kyc-link-by-platform-id";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getCustomerKycLinkOp, async ({ platform, query }) =>
    reply(200, await kycLinkByPlatformId(platform, query)),
  ),
});
