import { handle, methods, reply } from "@/lib/http/handler";
import { completeScaLoginOp } from "@/lib/sca/sca.contract";
import { completeScaLogin } from "@/lib/sca/complete-sca-login";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(completeScaLoginOp, async ({ platform, query, body }) =>
    reply(200, await completeScaLogin(platform, query.customerId, body)),
  ),
});
