import { handle, methods, reply } from "@/lib/http/handler";
import { startTwoFactorResetOp } from "@/lib/sca/sca.contract";
import { startTwoFactorReset } from "@/lib/sca/start-two-factor-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(startTwoFactorResetOp, async ({ platform, query, body }) =>
    reply(201, await startTwoFactorReset(platform, query.customerId, body.factor)),
  ),
});
