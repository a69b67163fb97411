import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { startTwoFactorResetOp } from "@/lib/server/sca/sca.contract";
import { startTwoFactorReset } from "@/lib/server/sca/start-two-factor-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(startTwoFactorResetOp, async ({ platform, query, body }) =>
    reply(201, await startTwoFactorReset(platform, query.customerId, body.factor)),
  ),
});
