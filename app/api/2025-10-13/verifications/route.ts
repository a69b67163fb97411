import { handle, methods, reply } from "@/lib/http/handler";
import { createVerificationOp, listVerificationsOp } from "@/lib/verifications/verification.contract";
import { listVerifications } from "@/lib/verifications/list-verifications";
import { submitVerification } from "@/lib/verifications/submit-verification";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createVerificationOp, async ({ platform, body }) =>
    reply(200, await submitVerification(platform, body.customerId)),
  ),
  GET: handle(listVerificationsOp, async ({ platform, query }) => reply(200, await listVerifications(platform, query))),
});
