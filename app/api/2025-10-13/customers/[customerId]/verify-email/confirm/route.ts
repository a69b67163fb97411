import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { confirmEmailVerificationOp } from "@/lib/server/contact-verification/contact-verification.contract";
import { confirmContactCode } from "@/lib/server/contact-verification/confirm-contact-code";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(confirmEmailVerificationOp, async ({ platform, params, body }) =>
    reply(200, await confirmContactCode(platform, params.customerId, "email", body.code)),
  ),
});
