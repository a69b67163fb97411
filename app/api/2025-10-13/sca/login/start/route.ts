import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { startScaLoginOp } from "@/lib/server/sca/sca.contract";
import { startScaLogin } from "@/lib/server/sca/start-sca-login";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(startScaLoginOp, async ({ platform, query, body }) =>
    reply(200, await startScaLogin(platform, query.customerId, body.factor)),
  ),
});
