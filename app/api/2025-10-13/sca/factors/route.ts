import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listScaFactorsOp, startScaFactorEnrollmentOp } from "@/lib/server/sca/sca.contract";
import { listScaFactors } from "@/lib/server/sca/list-sca-factors";
import { startPasskeyEnrollment } from "@/lib/server/sca/start-passkey-enrollment";
import { startTotpEnrollment } from "@/lib/server/sca/start-totp-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listScaFactorsOp, async ({ platform, query }) =>
    reply(200, await listScaFactors(platform, query.customerId)),
  ),
  POST: handle(startScaFactorEnrollmentOp, async ({ platform, query, body }) =>
    reply(
      200,
      body.type === "PASSKEY"
        ? await startPasskeyEnrollment(platform, query.customerId)
        : await startTotpEnrollment(platform, query.customerId),
    ),
  ),
});
