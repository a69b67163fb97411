import { handle, methods, reply } from "@/lib/http/handler";
import { confirmScaFactorEnrollmentOp } from "@/lib/sca/sca.contract";
import { confirmTotpEnrollment } from "@/lib/sca/confirm-totp-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(confirmScaFactorEnrollmentOp, async ({ platform, query, body }) => reply(200, await confirmTotpEnrollment(platform, query.customerId, body))),
});
