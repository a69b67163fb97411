import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getVerificationOp } from "@/lib/server/verifications/verification.contract";
import { getVerification } from "@/lib/server/verifications/get-verification";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getVerificationOp, async ({ platform, params }) =>
    reply(200, await getVerification(platform, params.verificationId)),
  ),
});
