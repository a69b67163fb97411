import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { sendEmailVerificationOp } from "@/lib/server/contact-verification/contact-verification.contract";
import { sendContactCode } from "@/lib/server/contact-verification/send-contact-code";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(sendEmailVerificationOp, async ({ platform, params }) => {
    await sendContactCode(platform, params.customerId, "email");
    return reply(204);
  }),
});
