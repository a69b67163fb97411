import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createVerificationOp, listVerificationsOp } from "@/lib/server/verifications/verification.contract";
import { listVerifications } from "@/lib/server/verifications/list-verifications";
import { submitVerification } from "@/lib/server/verifications/submit-verification";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createVerificationOp, async ({ platform, body }) =>
    reply(200, await submitVerification(platform, body.customerId)),
  ),
  GET: handle(listVerificationsOp, async ({ platform, query }) => reply(200, await listVerifications(platform, query))),
});
