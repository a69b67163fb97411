import { handle, methods, reply } from "@/lib/http/handler";
import { listScaFactorsOp, startScaFactorEnrollmentOp } from "@/lib/sca/sca.contract";
import { listScaFactors } from "@/lib/sca/list-sca-factors";
import { startTotpEnrollment } from "@/lib/sca/start-totp-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(listScaFactorsOp, async ({ platform, query }) => reply(200, await listScaFactors(platform, query.customerId))),
  POST: handle(startScaFactorEnrollmentOp, async ({ platform, query }) => reply(200, await startTotpEnrollment(platform, query.customerId))),
});
