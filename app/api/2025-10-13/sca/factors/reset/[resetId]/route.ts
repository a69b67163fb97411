import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getTwoFactorResetStatusOp } from "@/lib/server/sca/sca.contract";
import { getTwoFactorReset } from "@/lib/server/sca/get-two-factor-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getTwoFactorResetStatusOp, async ({ platform, params, query }) =>
    reply(200, await getTwoFactorReset(platform, query.customerId, params.resetId)),
  ),
});
