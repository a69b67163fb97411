import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { completeTwoFactorResetOp } from "@/lib/server/sca/sca.contract";
import { completeTwoFactorReset } from "@/lib/server/sca/complete-two-factor-reset";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(completeTwoFactorResetOp, async ({ platform, params, query, body }) => {
    await completeTwoFactorReset(platform, query.customerId, params.resetId, body ?? {});
    return reply(204);
  }),
});
