import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { completeScaLoginOp } from "@/lib/server/sca/sca.contract";
import { completeScaLogin } from "@/lib/server/sca/complete-sca-login";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(completeScaLoginOp, async ({ platform, query, body }) =>
    reply(200, await completeScaLogin(platform, query.customerId, body)),
  ),
});
