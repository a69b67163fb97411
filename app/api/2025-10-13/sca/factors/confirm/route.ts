import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { confirmScaFactorEnrollmentOp } from "@/lib/server/sca/sca.contract";
import { confirmPasskeyEnrollment } from "@/lib/server/sca/confirm-passkey-enrollment";
import { confirmTotpEnrollment } from "@/lib/server/sca/confirm-totp-enrollment";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(confirmScaFactorEnrollmentOp, async ({ platform, query, body }) =>
    reply(
      200,
      body.type === "PASSKEY"
        ? await confirmPasskeyEnrollment(platform, query.customerId, body)
        : await confirmTotpEnrollment(platform, query.customerId, body),
    ),
  ),
});
