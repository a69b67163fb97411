import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createCustomerKycLinkOp } from "@/lib/server/verifications/verification.contract";
import { createKycLink } from "@/lib/server/verifications/create-kyc-link";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createCustomerKycLinkOp, async ({ platform, params, body }) =>
    reply(201, await createKycLink(platform, params.customerId, body)),
  ),
});
